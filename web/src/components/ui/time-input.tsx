import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Command } from 'cmdk';
import { Popover } from 'radix-ui';
import { hhmm, minutesOfDay, normaliseTimeInput, TIME_PATTERN, TIME_STEP_MINUTES } from '@slotted/contract';
import { cn } from '../../lib/cn.ts';
import { controlClasses, useFieldControl } from './field.tsx';
import { ClockIcon } from 'lucide-react';

/** 'HH:MM' choices from 00:00 every `step` minutes. */
export function timeChoices(step: number = TIME_STEP_MINUTES): string[] {
  const out: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += step) out.push(hhmm(minutes));
  return out;
}

/**
 * Typed text to 'HH:MM' with the contract's rule (docs/product-rules.md#limits-and-validation). A dot, comma or 'h' between hours and
 * minutes counts as the colon ('9.30', '9h30'); digits alone ('930', '2315') read as hours and
 * minutes, the last two digits being the minutes.
 */
export function normaliseTypedTime(raw: string): string {
  const text = raw.includes(':') ? raw : raw.replace(/(\d)\s*[.,hH]\s*(?=\d)/, '$1:');
  if (!text.includes(':')) {
    const digits = text.replace(/\D/g, '');
    if (digits.length >= 3) return normaliseTimeInput(`${digits.slice(0, -2)}:${digits.slice(-2)}`);
  }
  return normaliseTimeInput(text);
}

export interface TimeInputProps {
  /** 'HH:MM'. */
  value: string;
  /** Called with a normalised 'HH:MM' when a choice is picked or typed text is committed (blur, Enter). */
  onChange: (value: string) => void;
  /** Minutes between the offered choices; default 15 (docs/product-rules.md#limits-and-validation). */
  step?: number;
  id?: string;
  name?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * A time of day: a combobox offering a choice every 15 minutes that also takes free typing
 * ('9', '930', '9.30h'), normalised to HH:MM on blur (docs/product-rules.md#limits-and-validation). The list is cmdk's: it moves the
 * highlight with the arrow keys and the pointer and takes it on Enter or a click. What cmdk does not
 * know (typed text jumps to the nearest choice, PageUp/PageDown, Enter commits typing, Escape drops
 * it) is handled here before cmdk sees the key.
 */
export function TimeInput({ value, onChange, step = TIME_STEP_MINUTES, disabled, className, ...props }: TimeInputProps) {
  const field = useFieldControl();
  const id = props.id ?? field.id;
  const describedBy = props['aria-describedby'] ?? field['aria-describedby'];
  const invalid = props['aria-invalid'] ?? field['aria-invalid'];

  const choices = useMemo(() => timeChoices(step), [step]);
  const optionId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [list, setList] = useState<HTMLDivElement | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // The highlighted choice ('' when none); cmdk's `value`.
  const [active, setActive] = useState('');
  // Whether the highlight was moved with the arrow keys (then Enter takes it, not the typed text).
  const [browsing, setBrowsing] = useState(false);
  const activeIndex = choices.indexOf(active);

  const nearest = (text: string): string => {
    const time = TIME_PATTERN.test(text) ? text : normaliseTypedTime(text);
    return choices[Math.min(choices.length - 1, Math.round(minutesOfDay(time) / step))];
  };

  const openAt = (text: string) => {
    setOpen(true);
    setActive(nearest(text));
    setBrowsing(false);
  };

  const close = () => {
    setOpen(false);
    setBrowsing(false);
  };

  const commit = (text: string) => {
    setDraft(null);
    const next = normaliseTypedTime(text);
    if (next !== value) onChange(next);
  };

  const choose = (time: string) => {
    setDraft(null);
    close();
    if (time !== value) onChange(time);
  };

  // Keep the highlighted choice in view: centred when the list opens, just inside it while moving.
  // The list is scrolled by hand so the page itself never jumps.
  const wasOpen = useRef(false);
  useEffect(() => {
    const opening = open && !wasOpen.current;
    wasOpen.current = open;
    if (!open || !list || activeIndex < 0) return;
    const frame = requestAnimationFrame(() => {
      const option = document.getElementById(`${optionId}-${activeIndex}`);
      if (!option) return;
      if (opening) {
        list.scrollTop = option.offsetTop - list.clientHeight / 2 + option.offsetHeight / 2;
      } else if (option.offsetTop < list.scrollTop) {
        list.scrollTop = option.offsetTop;
      } else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [open, list, activeIndex, optionId]);

  // Runs before cmdk's own key handling (on the Command root): a prevented or stopped key never reaches it.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        setBrowsing(true);
        if (!open) {
          event.preventDefault();
          openAt(draft ?? value);
        }
        break; // open: cmdk moves the highlight
      case 'PageDown':
      case 'PageUp':
        if (!open) return;
        event.preventDefault();
        setActive(choices[Math.max(0, Math.min(choices.length - 1, activeIndex + (event.key === 'PageDown' ? 4 : -4)))]);
        setBrowsing(true);
        break;
      case 'Home':
      case 'End':
        event.stopPropagation(); // they move the caret in the typed text, not the highlight
        break;
      case 'Enter':
        if (open && browsing) break; // cmdk takes the highlighted choice
        if (draft !== null) {
          event.preventDefault();
          commit(draft);
          close();
        } else if (open) {
          event.preventDefault();
          close();
        } else {
          event.stopPropagation(); // cmdk would swallow it; a closed field lets Enter submit the form
        }
        break;
      case 'Escape':
        if (open || draft !== null) {
          // Only this popup closes, not a dialog or panel around the field.
          event.preventDefault();
          event.stopPropagation();
          setDraft(null);
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  return (
    <Popover.Root open={open && !disabled} onOpenChange={(next) => (next ? openAt(draft ?? value) : close())}>
      <Popover.Anchor asChild>
        <Command
          shouldFilter={false}
          vimBindings={false}
          value={active}
          onValueChange={setActive}
          className={cn('relative w-full', className)}
        >
          <input
            ref={inputRef}
            id={id}
            name={props.name}
            type="text"
            role="combobox"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder="HH:MM"
            maxLength={8}
            disabled={disabled}
            aria-label={props['aria-label']}
            aria-labelledby={props['aria-labelledby']}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            aria-autocomplete="list"
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={open ? list?.id : undefined}
            aria-activedescendant={open && activeIndex >= 0 ? `${optionId}-${activeIndex}` : undefined}
            value={draft ?? value}
            onChange={(event) => {
              setDraft(event.target.value);
              openAt(event.target.value);
            }}
            onClick={() => !open && openAt(draft ?? value)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              if (draft !== null) commit(draft);
              close();
            }}
            className={cn(controlClasses, 'h-10 pr-9 tabular-nums')}
          />
          <ClockIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden="true" />
          <Popover.Portal>
            <Popover.Content
              align="start"
              sideOffset={6}
              collisionPadding={12}
              onOpenAutoFocus={(event) => event.preventDefault()}
              onCloseAutoFocus={(event) => event.preventDefault()}
              onInteractOutside={(event) => {
                if (event.target instanceof Node && inputRef.current?.contains(event.target)) event.preventDefault();
              }}
              className={cn(
                'z-50 w-[var(--radix-popover-trigger-width)] min-w-32 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xl shadow-zinc-900/10',
                'data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out',
              )}
            >
              <Command.List ref={setList} label="Times" className="relative max-h-60 overflow-y-auto overscroll-contain p-1">
                {choices.map((time, index) => (
                  <Command.Item key={time} value={time} onSelect={choose} asChild>
                    {/* Our own id, so the input can point at the highlight (cmdk leaves a controlled highlight unannounced). */}
                    <div
                      id={`${optionId}-${index}`}
                      // Keep the focus (and the typing) in the input.
                      onMouseDown={(event) => event.preventDefault()}
                      className={cn(
                        'cursor-pointer rounded-lg px-2.5 py-1.5 text-[15px] tabular-nums text-zinc-800 data-[selected=true]:bg-zinc-100 sm:text-sm',
                        time === value && 'font-semibold text-brand-700',
                      )}
                    >
                      {time}
                    </div>
                  </Command.Item>
                ))}
              </Command.List>
            </Popover.Content>
          </Popover.Portal>
        </Command>
      </Popover.Anchor>
    </Popover.Root>
  );
}
