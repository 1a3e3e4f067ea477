import { useEffect, useId, useRef, useState, type JSX, type ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';
import { Autocomplete, Input, ListBox, ListBoxItem, Popover, RouterProvider, SearchField, type Selection } from 'react-aria-components';
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

const matches = (option: SelectOption<SelectValue>, query: string) =>
  `${option.title}\n${option.detail ?? ''}\n${option.keywords ?? ''}`.toLowerCase().includes(query.trim().toLowerCase());

/**
 * A dropdown select: a combobox button opening a React Aria listbox in a popover. Single mode closes
 * after a choice; multiple mode stays open and toggles values. React Aria supplies the listbox roles,
 * `aria-selected` for every chosen option, focus on the current choice when it opens, arrow keys,
 * Home/End, typeahead, and closing when focus leaves or the page scrolls. With `searchable`, an Autocomplete keeps
 * focus in the search box and moves a virtual highlight (`aria-activedescendant`) through the list.
 *
 * The trigger stays our own button rather than React Aria's Select so it keeps the combobox role and
 * the field's label as its whole name (React Aria's trigger adds the current value to its name), and
 * the page stays usable while it is open (React Aria's Select uses a modal popover that makes it inert).
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
  const generatedId = useId();
  const id = props.id ?? field.id ?? generatedId;
  const describedBy = props['aria-describedby'] ?? field['aria-describedby'];
  const invalid = props['aria-invalid'] ?? field['aria-invalid'];
  const navigate = useNavigate();

  const listId = `${generatedId}-listbox`;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');

  const [container, setContainer] = useState<Element>();

  const openWith = (next: boolean) => {
    // Inside a (Radix) dialog the popover must live in the dialog: the page around it is inert and
    // focus is trapped there, so a popover on document.body could not be clicked or focused.
    if (next) {
      setContainer(triggerRef.current?.closest('[role="dialog"]') ?? undefined);
      setQuery('');
    }
    setOpen(next);
  };

  // After a choice or Escape, focus is back on the trigger at once (React Aria restores it only a
  // frame later), so the keyboard can reopen the list straight away.
  const closeToTrigger = () => {
    openWith(false);
    triggerRef.current?.focus();
  };

  // The popover is non-modal so the page stays reachable (a click elsewhere lands where it was
  // aimed); React Aria then closes it only when focus leaves, so a press on the page's background
  // closes it here. The trigger is left to its own toggle. A Radix dialog around the select hears
  // Escape on `document` in the capture phase, before React Aria could, and would close itself
  // too; catching Escape on `window` first keeps it to this list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node)) return;
      if (popoverRef.current?.contains(event.target) || triggerRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);

  const selectedOptions = options.filter((o) => isSelected(props, o));
  const byKey = new Map<SelectValue, SelectOption<V>>(options.map((o) => [o.value, o]));

  const onSelectionChange = (keys: Selection) => {
    if (keys === 'all') return; // select-all is never offered
    // Compare with the marks shown so a forced `selected` never leaks into `value`.
    if (props.multiple) {
      const toggled = options.find((o) => !o.href && keys.has(o.value) !== isSelected(props, o));
      if (!toggled) return;
      props.onChange(
        props.value.includes(toggled.value) ? props.value.filter((v) => v !== toggled.value) : [...props.value, toggled.value],
      );
    } else {
      const chosen = options.find((o) => !o.href && keys.has(o.value) && !isSelected(props, o));
      if (!chosen) return;
      props.onChange(chosen.value);
      closeToTrigger();
    }
  };

  const [selected] = selectedOptions;
  const triggerLabel: ReactNode =
    selected === undefined ? (
      <span className="truncate text-zinc-400">{placeholder}</span>
    ) : props.multiple ? (
      <span className="truncate">{selectedOptions.map((o) => o.title).join(', ')}</span>
    ) : (
      <span className="flex min-w-0 items-center gap-2">
        {selected.avatar !== undefined && <Avatar src={selected.avatar} name={selected.title} size="xs" />}
        <span className="truncate">{selected.title}</span>
      </span>
    );

  const list = (
    <ListBox
      id={listId}
      aria-labelledby={id}
      items={options}
      selectionMode={props.multiple ? 'multiple' : 'single'}
      selectedKeys={selectedOptions.map((o) => o.value)}
      disabledKeys={options.filter((o) => !canChoose(o)).map((o) => o.value)}
      onSelectionChange={onSelectionChange}
      // Single mode always holds one choice; choosing it again just closes.
      disallowEmptySelection={!props.multiple}
      // Escape closes the popover; it must not clear a multiple choice on the way.
      escapeKeyBehavior="none"
      autoFocus={searchable ? undefined : 'first'}
      renderEmptyState={() => <div className="px-3 py-6 text-center text-sm text-zinc-500">{emptyText}</div>}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-1 outline-none"
    >
      {(option) => {
        const selected = isSelected(props, option);
        return (
          <ListBoxItem
            id={option.value}
            value={option}
            textValue={option.title}
            href={option.href}
            target={option.target}
            rel={option.target === '_blank' ? 'noopener noreferrer' : undefined}
            // A link navigates (React Aria follows the href); the popover just gets out of the way.
            onAction={option.href ? () => openWith(false) : undefined}
            // Choosing the current option again changes nothing but still closes a single select.
            onPress={!props.multiple && selected ? closeToTrigger : undefined}
            className={({ isFocused, isDisabled }) =>
              cn(
                'flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-[15px] text-zinc-800 outline-none sm:text-sm',
                isFocused && 'bg-zinc-100',
                isDisabled && 'cursor-default opacity-50',
              )
            }
          >
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
          </ListBoxItem>
        );
      }}
    </ListBox>
  );

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        id={id}
        role="combobox"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={props['aria-label']}
        aria-labelledby={props['aria-labelledby']}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onClick={() => openWith(!open)}
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
      <Popover
        ref={popoverRef}
        triggerRef={triggerRef}
        isOpen={open}
        onOpenChange={openWith}
        isNonModal
        UNSTABLE_portalContainer={container}
        shouldCloseOnInteractOutside={(element) => !triggerRef.current?.contains(element)}
        aria-labelledby={id}
        placement="bottom start"
        offset={6}
        containerPadding={12}
        className={cn(
          'z-50 flex w-[var(--trigger-width)] min-w-56 flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xl shadow-zinc-900/10 outline-none',
          'max-h-[22rem]',
          'data-[entering]:animate-pop-in data-[exiting]:animate-pop-out',
        )}
      >
        {/* Link options navigate through the app's router instead of reloading the page. */}
        <RouterProvider navigate={(href) => void navigate(href)} useHref={useHref}>
          {searchable ? (
            <Autocomplete
              inputValue={query}
              onInputChange={setQuery}
              filter={(_text, input, node) => {
                const option = byKey.get(node.key);
                return option ? matches(option, input) : false;
              }}
            >
              <SearchField
                aria-label={searchPlaceholder.replace(/…$/, '')}
                autoFocus
                className="flex items-center gap-2 border-b border-zinc-100 px-3"
              >
                <SearchIcon className="size-4 shrink-0 text-zinc-400" />
                <Input
                  placeholder={searchPlaceholder}
                  className="h-10 w-full bg-transparent text-[15px] outline-none placeholder:text-zinc-400 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
                />
              </SearchField>
              {list}
            </Autocomplete>
          ) : (
            list
          )}
        </RouterProvider>
      </Popover>
    </>
  );
}
