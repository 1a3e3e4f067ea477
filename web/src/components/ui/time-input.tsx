import {
  memo,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type KeyboardEvent,
  type Ref,
  type SetStateAction,
} from 'react';
import { ComboBox, ComboBoxStateContext, Input, ListBox, ListBoxItem, Popover, type ComboBoxState } from 'react-aria-components';
import { hhmm, minutesOfDay, normaliseTimeInput, TIME_PATTERN, TIME_STEP_MINUTES } from '@slotted/contract';
import { cn } from '../../lib/cn.ts';
import { controlClasses, useFieldControl, useFieldLabelId } from './field.tsx';
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

interface Choice {
  id: string;
}

/**
 * A time of day: a combobox offering a choice every 15 minutes that also takes free typing
 * ('9', '930', '9.30h'), normalised to HH:MM on blur (docs/product-rules.md#limits-and-validation).
 * It is React Aria's ComboBox (docs/architecture.md#web: list boxes and comboboxes are React Aria
 * Components): the combobox and listbox roles, the label, `aria-activedescendant`, moving the
 * highlight with the arrow keys and the pointer, a click on a choice, closing when focus leaves.
 * What a time needs beyond a filtered list (opening at the nearest choice, PageUp/PageDown by an
 * hour, Enter commits typing, Escape drops it, Home/End stay with the text) is handled in
 * `TimeFieldWithState` before React Aria sees the key.
 */
export function TimeInput({ value, onChange, step = TIME_STEP_MINUTES, disabled, className, ...props }: TimeInputProps) {
  const field = useFieldControl();
  const fieldLabelId = useFieldLabelId();
  const choices = useMemo(() => timeChoices(step), [step]);
  const items = useMemo<Choice[]>(() => choices.map((time) => ({ id: time })), [choices]);
  // What is typed and not yet committed; null shows `value`.
  const [draft, setDraft] = useState<string | null>(null);

  const commit = (text: string) => {
    setDraft(null);
    const next = normaliseTypedTime(text);
    if (next !== value) onChange(next);
  };

  const choose = (time: string) => {
    setDraft(null);
    if (time !== value) onChange(time);
  };

  return (
    <ComboBox
      id={props.id ?? field.id}
      name={props.name}
      aria-label={props['aria-label']}
      // A Field's label names the input through its `for` too; React Aria asks for a label it can see.
      aria-labelledby={props['aria-labelledby'] ?? (props['aria-label'] ? undefined : fieldLabelId)}
      aria-describedby={props['aria-describedby'] ?? field['aria-describedby']}
      isInvalid={Boolean(props['aria-invalid'] ?? field['aria-invalid'])}
      isDisabled={disabled}
      items={items}
      // Every time stays listed (no filtering); the list opens where this component says.
      menuTrigger="manual"
      allowsCustomValue
      inputValue={draft ?? value}
      selectedKey={choices.includes(value) ? value : null}
      onSelectionChange={(key) => {
        // null is React Aria dropping a choice for typed text, which `commit` already handles.
        if (key !== null) choose(String(key));
      }}
      onBlur={() => {
        if (draft !== null) commit(draft);
      }}
      className={cn('relative w-full', className)}
    >
      <TimeField choices={choices} step={step} value={value} draft={draft} setDraft={setDraft} commit={commit} choose={choose} />
    </ComboBox>
  );
}

interface TimeFieldProps {
  choices: string[];
  step: number;
  value: string;
  draft: string | null;
  setDraft: Dispatch<SetStateAction<string | null>>;
  commit: (text: string) => void;
  choose: (time: string) => void;
}

/** The input and the list, inside the ComboBox so they can steer its state. */
function TimeField(props: TimeFieldProps) {
  const state = useContext(ComboBoxStateContext);
  // The ComboBox first renders its children without state, only to collect the list's items.
  return state ? <TimeFieldWithState {...props} state={state} /> : <TimeList value={props.value} />;
}

/** The choices; React Aria reads them to build its collection, then renders them in the popover. */
// Memoised: the ComboBox renders its children again (to collect the items) whenever it renders.
const TimeList = memo(function TimeList({ value, ref, onHover }: { value: string; ref?: Ref<HTMLDivElement>; onHover?: () => void }) {
  return (
    <ListBox<Choice> ref={ref} aria-label="Times" className="relative max-h-60 overflow-y-auto overscroll-contain p-1 outline-none">
      {(choice) => (
        <ListBoxItem
          id={choice.id}
          textValue={choice.id}
          onHoverStart={onHover}
          className={({ isFocused }) =>
            cn(
              'cursor-pointer rounded-lg px-2.5 py-1.5 text-[15px] tabular-nums text-zinc-800 outline-none sm:text-sm',
              isFocused && 'bg-zinc-100',
              choice.id === value && 'font-semibold text-brand-700',
            )
          }
        >
          {choice.id}
        </ListBoxItem>
      )}
    </ListBox>
  );
});

function TimeFieldWithState({
  choices,
  step,
  value,
  draft,
  setDraft,
  commit,
  choose,
  state,
}: TimeFieldProps & { state: ComboBoxState<Choice, 'single'> }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // Inside a (Radix) dialog the list must live in the dialog: the page around it is inert, so a
  // list on document.body could not be clicked.
  const [container, setContainer] = useState<Element>();
  // Whether the highlight was moved with the keys (then Enter takes it, not the typed text).
  const [browsing, setBrowsing] = useState(false);
  // The choice this component highlights (on opening, after typing, PageUp/PageDown) until the
  // keys or the pointer move the highlight: React Aria highlights the selected choice when the list
  // opens and clears the highlight after each keystroke, both in its own effects, after ours.
  const wanted = useRef<string | null>(null);
  const open = state.isOpen;
  const focusedKey = state.selectionManager.focusedKey;

  const stopWanting = useCallback(() => {
    wanted.current = null;
  }, []);

  const nearest = (text: string): string => {
    const time = TIME_PATTERN.test(text) ? text : normaliseTypedTime(text);
    const choice = choices[Math.min(choices.length - 1, Math.round(minutesOfDay(time) / step))];
    if (choice === undefined) throw new Error('timeChoices always offers 00:00, so an index in range has a choice');
    return choice;
  };

  const highlight = (key: string | null) => {
    wanted.current = key;
    state.selectionManager.setFocusedKey(key);
  };

  const openAt = (text: string) => {
    if (!state.isOpen) {
      setContainer(inputRef.current?.closest('[role="dialog"]') ?? undefined);
      state.open(null, 'manual');
    }
    highlight(nearest(text));
    setBrowsing(false);
  };

  // Closes without React Aria's commit (which would take the highlighted choice).
  const close = () => {
    wanted.current = null;
    state.setOpen(false);
    setBrowsing(false);
  };

  // No dependency list: after every render it re-applies the wanted highlight. React Aria's effects
  // run after this one (they are its parent's), so it is set in a microtask: after them, and in the
  // same render as their reset (no render with the highlight gone).
  const selection = state.selectionManager;
  useEffect(() => {
    if (wanted.current === null) return;
    if (!open) {
      wanted.current = null;
      return;
    }
    queueMicrotask(() => {
      if (wanted.current !== null) selection.setFocusedKey(wanted.current);
    });
  });

  // Keep the highlighted choice in view: centred when the list opens, just inside it while moving.
  // The list is scrolled by hand so the page itself never jumps.
  const wasOpen = useRef(false);
  useEffect(() => {
    const opening = open && !wasOpen.current;
    wasOpen.current = open;
    if (!open || focusedKey === null) return;
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      const option = list?.querySelector<HTMLElement>(`[data-key="${String(focusedKey)}"]`);
      if (!list || !option) return;
      if (opening) {
        list.scrollTop = option.offsetTop - list.clientHeight / 2 + option.offsetHeight / 2;
      } else if (option.offsetTop < list.scrollTop) {
        list.scrollTop = option.offsetTop;
      } else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [open, focusedKey]);

  // Escape closes only this list (or drops the typing), never a dialog or panel around the field: a
  // Radix dialog hears Escape on `document` in the capture phase, so it is caught on `window` first.
  const escapable = open || draft !== null;
  useEffect(() => {
    if (!escapable) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== inputRef.current) return;
      event.preventDefault();
      event.stopPropagation();
      setDraft(null);
      wanted.current = null;
      state.setOpen(false);
      setBrowsing(false);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [escapable, setDraft, state]);

  // Runs before React Aria's key handling (on the input): a stopped key never reaches it.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        setBrowsing(true);
        wanted.current = null;
        if (!open) {
          event.preventDefault();
          event.stopPropagation();
          openAt(draft ?? value);
          setBrowsing(true);
        }
        break; // open: React Aria moves the highlight
      case 'PageDown':
      case 'PageUp': {
        if (!open) return;
        event.preventDefault();
        event.stopPropagation();
        const index = focusedKey === null ? choices.indexOf(nearest(draft ?? value)) : choices.indexOf(String(focusedKey));
        highlight(choices[Math.max(0, Math.min(choices.length - 1, index + (event.key === 'PageDown' ? 4 : -4)))] ?? null);
        setBrowsing(true);
        break;
      }
      case 'Home':
      case 'End':
      case 'ArrowLeft':
      case 'ArrowRight':
        event.stopPropagation(); // they move the caret in the typed text, not the highlight
        break;
      case 'Enter':
        if (open && browsing && focusedKey !== null) {
          event.preventDefault();
          event.stopPropagation();
          close();
          choose(String(focusedKey));
        } else if (draft !== null) {
          event.preventDefault();
          event.stopPropagation();
          commit(draft);
          close();
        } else if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        // Closed and nothing typed: React Aria leaves Enter to the form around the field.
        break;
      case 'Tab':
        if (open) close(); // focus moves on; the blur commits any typing
        event.stopPropagation();
        break;
    }
  };

  return (
    <div onKeyDownCapture={onKeyDownCapture}>
      <Input
        ref={inputRef}
        type="text"
        inputMode="numeric"
        spellCheck={false}
        placeholder="HH:MM"
        maxLength={8}
        aria-haspopup="listbox"
        onChange={(event) => {
          setDraft(event.target.value);
          openAt(event.target.value);
        }}
        onClick={() => !state.isOpen && openAt(draft ?? value)}
        className={cn(controlClasses, 'h-10 pr-9 tabular-nums')}
      />
      <ClockIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden="true" />
      <Popover
        UNSTABLE_portalContainer={container}
        offset={6}
        containerPadding={12}
        className={cn(
          'z-50 w-[var(--trigger-width)] min-w-32 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xl shadow-zinc-900/10 outline-none',
          'data-[entering]:animate-pop-in data-[exiting]:animate-pop-out',
        )}
      >
        <TimeList ref={listRef} value={value} onHover={stopWanting} />
      </Popover>
    </div>
  );
}
