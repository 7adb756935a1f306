import { useId, useState, type KeyboardEvent } from 'react';
import { SEARCH_QUERY_MAX_LENGTH, type StockSearchResult } from '@stockseer/contract';
import { STOCK_TEXT } from './messages';
import { SEARCH_MIN_LENGTH, useStockSearch } from './useStockSearch';

interface Props {
  /** The stock picked before (another tab, a reload): the box shows it again. */
  selectedSymbol?: string;
  onSelect: (symbol: string) => void;
}

/**
 * The stock search box: a WAI-ARIA 1.2 combobox with a listbox popup. Arrow keys move the active option (focus stays
 * in the input), Enter picks it, Escape closes the list; suggestions come from useStockSearch.
 */
export function StockSearch({ selectedSymbol, onSelect }: Props) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [input, setInput] = useState(selectedSymbol ?? '');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const { query, active, results, error } = useStockSearch(input);
  // Said at once, before the debounce: no name is that long, so no search is made for it.
  const tooLong = input.trim().length > SEARCH_QUERY_MAX_LENGTH;

  // Results belong to the settled query; while the user is still typing past it, the list waits.
  const settled = active && query === input.trim();
  const current = settled ? results : undefined;
  const typedEnough = input.trim().length >= SEARCH_MIN_LENGTH;
  const options = open && current ? current : [];
  const expanded = options.length > 0;
  const noResults = open && current?.length === 0;
  // A failed search says so in a toast (useStockSearch), not as an endless "Searching...".
  const searching = open && typedEnough && !tooLong && !current && !(settled && error);

  const choose = (stock: StockSearchResult) => {
    setInput(stock.symbol);
    setOpen(false);
    setActiveIndex(-1);
    onSelect(stock.symbol);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // From no active option, Down goes to the first and Up to the last; both wrap around.
        const from = activeIndex < 0 ? (step > 0 ? -1 : options.length) : activeIndex;
        setActiveIndex((from + step + options.length) % options.length);
        return;
      }
      case 'Enter': {
        const stock = options[activeIndex] ?? options[0];
        if (!stock) return;
        event.preventDefault();
        choose(stock);
        return;
      }
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        setOpen(false);
        setActiveIndex(-1);
        return;
    }
  };

  return (
    <div className="stock-search">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {STOCK_TEXT.searchLabel}
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        className="stock-search-input"
        placeholder={STOCK_TEXT.searchPlaceholder}
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={input}
        onChange={(event) => {
          setInput(event.target.value);
          setOpen(true);
          setActiveIndex(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={STOCK_TEXT.searchLabel}
        className="stock-search-list"
        hidden={!expanded}
      >
        {options.map((stock, index) => (
          <li
            key={stock.symbol}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className="stock-search-option"
            // Keep focus in the input so that blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(stock)}
          >
            <span className="stock-search-symbol">{stock.symbol}</span>
            <span className="stock-search-name">{stock.name}</span>
          </li>
        ))}
      </ul>
      <p role="status" className="stock-search-status" hidden={!(open && tooLong) && !noResults && !searching}>
        {open && tooLong
          ? STOCK_TEXT.queryTooLong(SEARCH_QUERY_MAX_LENGTH)
          : noResults
            ? STOCK_TEXT.noResults(query)
            : searching
              ? STOCK_TEXT.searching
              : ''}
      </p>
    </div>
  );
}
