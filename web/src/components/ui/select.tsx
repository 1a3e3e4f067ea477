import { useEffect, useId, useMemo, useRef, useState, type JSX, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Popover } from 'radix-ui';
import { SELECT_PLACEHOLDER } from '@slotted/contract';
import { cn } from '../../lib/cn.ts';
import { Avatar } from './avatar.tsx';
import { useFieldControl } from './field.tsx';
import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from 'lucide-react';

export type SelectValue = string | number;

/** docs/product-rules.md#shared-interface-pieces: options with title, value, detail, avatar, selectable, selected, href, target. */
export interface SelectOption<V extends SelectValue = string> {
  title: string;
  value: V;
  /** A second, quieter line. */
  detail?: string;
  /** Picture URL; `null` shows initials of the title. Leave undefined for no avatar. */
  avatar?: string | null;
  /** False makes the option visible but not choosable. Default true. */
  selectable?: boolean;
  /** Forces the selected mark, whatever `value` says. */
  selected?: boolean;
  /** The option is a link (e.g. 'Create a service'); choosing it navigates. */
  href?: string;
  target?: string;
  /** Extra words the search box matches (e.g. former names). */
  keywords?: string;
}

interface BaseProps<V extends SelectValue> {
  options: SelectOption<V>[];
  /** Shown when nothing is selected. Default 'Select an option'. */
  placeholder?: string;
  /** Adds a filter box above the options. */
  searchable?: boolean;
  searchPlaceholder?: string;
  /** Shown when no option matches (or there are none). */
  emptyText?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export interface SingleSelectProps<V extends SelectValue> extends BaseProps<V> {
  multiple?: false;
  value: V | null | undefined;
  onChange: (value: V) => void;
}

export interface MultipleSelectProps<V extends SelectValue> extends BaseProps<V> {
  multiple: true;
  value: V[];
  onChange: (value: V[]) => void;
}

export type SelectProps<V extends SelectValue = string> = SingleSelectProps<V> | MultipleSelectProps<V>;

function isSelected<V extends SelectValue>(props: SelectProps<V>, option: SelectOption<V>): boolean {
  if (option.selected !== undefined) return option.selected;
  return props.multiple ? props.value.includes(option.value) : props.value === option.value;
}

const canChoose = (option: SelectOption<SelectValue>) => option.selectable !== false || Boolean(option.href);

/**
 * A dropdown select: a combobox button opening a listbox. Single mode closes after a choice;
 * multiple mode stays open and toggles values. Closes on outside click and Escape; arrow keys,
 * Home/End, Enter and Space work as in a native select.
 *
 * The listbox is built here rather than on cmdk (which TimeInput uses): cmdk writes `aria-selected`
 * for its highlight, overriding ours, so multiple mode could not mark the chosen options, and with
 * the highlight preset to the current choice it leaves the list without `aria-activedescendant`
 * until the first key press, so the current choice would go unannounced on open.
 */
export function Select<V extends SelectValue = string>(props: SingleSelectProps<V>): JSX.Element;
export function Select<V extends SelectValue = string>(props: MultipleSelectProps<V>): JSX.Element;
export function Select<V extends SelectValue = string>(props: SelectProps<V>): JSX.Element {
  const {
    options,
    placeholder = SELECT_PLACEHOLDER,
    searchable = false,
    searchPlaceholder = 'Search…',
    emptyText = 'No options',
    disabled,
    className,
  } = props;
  const field = useFieldControl();
  const id = props.id ?? field.id;
  const describedBy = props['aria-describedby'] ?? field['aria-describedby'];
  const invalid = props['aria-invalid'] ?? field['aria-invalid'];

  const listId = `${useId()}-listbox`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const visible = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return options;
    return options.filter((o) => `${o.title}\n${o.detail ?? ''}\n${o.keywords ?? ''}`.toLowerCase().includes(q));
  }, [options, query]);

  const selectedOptions = options.filter((o) => isSelected(props, o));

  const openWith = (next: boolean) => {
    setOpen(next);
    if (next) {
      const selectedIndex = options.findIndex((o) => isSelected(props, o) && canChoose(o));
      setActive(selectedIndex >= 0 ? selectedIndex : options.findIndex(canChoose));
    } else {
      setQuery('');
    }
  };

  // Keep the highlighted option in view while moving through a long list.
  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, listId]);

  const choose = (option: SelectOption<V>) => {
    if (option.href) {
      setOpen(false);
      return; // the link itself navigates
    }
    if (option.selectable === false) return;
    if (props.multiple) {
      const next = props.value.includes(option.value)
        ? props.value.filter((v) => v !== option.value)
        : [...props.value, option.value];
      props.onChange(next);
    } else {
      props.onChange(option.value);
      openWith(false);
    }
  };

  const move = (from: number, step: 1 | -1): number => {
    for (let i = from + step; i >= 0 && i < visible.length; i += step) {
      if (canChoose(visible[i])) return i;
    }
    return from;
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((i) => move(i, 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => move(i, -1));
        break;
      case 'Home':
        event.preventDefault();
        setActive(move(-1, 1));
        break;
      case 'End':
        event.preventDefault();
        setActive(move(visible.length, -1));
        break;
      case 'Enter':
      case ' ': {
        if (event.key === ' ' && searchable) return; // a space is part of the search text
        event.preventDefault();
        const option = visible[active];
        if (!option) return;
        if (option.href) {
          document.getElementById(`${listId}-${active}`)?.querySelector('a')?.click();
        }
        choose(option);
        break;
      }
      case 'Tab':
        openWith(false);
        break;
    }
  };

  const triggerLabel: ReactNode =
    selectedOptions.length === 0 ? (
      <span className="truncate text-zinc-400">{placeholder}</span>
    ) : props.multiple ? (
      <span className="truncate">{selectedOptions.map((o) => o.title).join(', ')}</span>
    ) : (
      <span className="flex min-w-0 items-center gap-2">
        {selectedOptions[0].avatar !== undefined && (
          <Avatar src={selectedOptions[0].avatar} name={selectedOptions[0].title} size="xs" />
        )}
        <span className="truncate">{selectedOptions[0].title}</span>
      </span>
    );

  return (
    <Popover.Root open={open} onOpenChange={openWith}>
      <Popover.Trigger asChild disabled={disabled}>
        <button
          type="button"
          id={id}
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-label={props['aria-label']}
          aria-labelledby={props['aria-labelledby']}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onKeyDown={(event) => {
            if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
              event.preventDefault();
              openWith(true);
            }
          }}
          className={cn(
            'flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-zinc-300 bg-white px-3 text-left text-[15px] text-zinc-900 shadow-xs transition-colors sm:text-sm',
            'hover:border-zinc-400 focus:outline-none focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/20',
            'disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:text-zinc-500',
            'aria-invalid:border-red-500',
            open && 'border-brand-500 ring-3 ring-brand-500/20',
            className,
          )}
        >
          {triggerLabel}
          <ChevronsUpDownIcon className="size-4 shrink-0 text-zinc-400" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={12}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (searchable ? searchRef.current : listRef.current)?.focus();
          }}
          className={cn(
            'z-50 flex w-[var(--radix-popover-trigger-width)] min-w-56 flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xl shadow-zinc-900/10',
            'max-h-[min(22rem,var(--radix-popover-content-available-height))]',
            'data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out',
          )}
        >
          {searchable && (
            <div className="flex items-center gap-2 border-b border-zinc-100 px-3">
              <SearchIcon className="size-4 shrink-0 text-zinc-400" />
              <input
                ref={searchRef}
                type="text"
                role="searchbox"
                aria-label={searchPlaceholder.replace(/…$/, '')}
                aria-controls={listId}
                aria-activedescendant={active >= 0 && visible[active] ? `${listId}-${active}` : undefined}
                value={query}
                placeholder={searchPlaceholder}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={onListKeyDown}
                className="h-10 w-full bg-transparent text-[15px] outline-none placeholder:text-zinc-400 sm:text-sm"
              />
            </div>
          )}
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            tabIndex={searchable ? -1 : 0}
            aria-multiselectable={props.multiple || undefined}
            aria-labelledby={id}
            aria-activedescendant={!searchable && active >= 0 && visible[active] ? `${listId}-${active}` : undefined}
            onKeyDown={searchable ? undefined : onListKeyDown}
            className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-1 outline-none"
          >
            {visible.length === 0 && <li className="px-3 py-6 text-center text-sm text-zinc-500">{emptyText}</li>}
            {visible.map((option, index) => {
              const selected = isSelected(props, option);
              const choosable = canChoose(option);
              const content = (
                <>
                  {option.avatar !== undefined && <Avatar src={option.avatar} name={option.title} size="s" />}
                  <span className="min-w-0 flex-1">
                    <span className={cn('block truncate', selected && 'font-medium')}>{option.title}</span>
                    {option.detail && <span className="block truncate text-xs text-zinc-500">{option.detail}</span>}
                  </span>
                  {props.multiple && !option.href ? (
                    <span
                      aria-hidden="true"
                      className={cn(
                        'flex size-4 shrink-0 items-center justify-center rounded border',
                        selected ? 'border-brand-600 bg-brand-600 text-white' : 'border-zinc-300 bg-white',
                      )}
                    >
                      {selected && <CheckIcon className="size-3" strokeWidth={3} />}
                    </span>
                  ) : (
                    selected && <CheckIcon className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  )}
                </>
              );
              const rowClasses = cn(
                'flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-[15px] text-zinc-800 sm:text-sm',
                index === active && 'bg-zinc-100',
                !choosable && 'cursor-default opacity-50',
              );
              return (
                <li
                  key={`${option.value}`}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={selected}
                  aria-disabled={!choosable || undefined}
                  className={cn(!option.href && rowClasses, choosable && 'cursor-pointer')}
                  onPointerMove={() => choosable && active !== index && setActive(index)}
                  onClick={() => choose(option)}
                >
                  {option.href ? (
                    option.target || !option.href.startsWith('/') ? (
                      <a href={option.href} target={option.target} rel={option.target === '_blank' ? 'noopener noreferrer' : undefined} tabIndex={-1} className={rowClasses}>
                        {content}
                      </a>
                    ) : (
                      <Link to={option.href} tabIndex={-1} className={rowClasses}>
                        {content}
                      </Link>
                    )
                  ) : (
                    content
                  )}
                </li>
              );
            })}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
