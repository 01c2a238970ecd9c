import { useEffect, useId, useRef, useState } from 'react';
import type { ShopMenuItem } from '../../contracts/shop-catalogue';

function isCurrent(url: string, path: string | null): boolean {
  return path !== null && url === path;
}

function MenuList({ items, path, nested }: { items: ShopMenuItem[]; path: string | null; nested: boolean }) {
  return (
    <ul className={nested ? 'shop-submenu' : undefined}>
      {items.map((item) => (
        <li key={item.id}>
          <a href={item.url} aria-current={isCurrent(item.url, path) ? 'page' : undefined}>
            {item.label}
          </a>
          {item.children.length > 0 && <MenuList items={item.children} path={path} nested />}
        </li>
      ))}
    </ul>
  );
}

/**
 * The shop's navigation from the menu manager's active items (spec 3 §7). On wide screens a row
 * whose sub-items open on hover and on keyboard focus (CSS :focus-within, so it works before the
 * page's script runs); on small screens a "Menu" button that opens the whole tree below the header
 * and closes on Escape, giving the focus back to the button.
 */
export function ShopNav({ items, path }: { items: ShopMenuItem[]; path: string | null }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  if (items.length === 0) return null;
  return (
    <>
      <nav className="shop-nav" aria-label="Main" data-testid="shop-nav">
        <MenuList items={items} path={path} nested={false} />
      </nav>
      <button
        ref={button}
        type="button"
        className="shop-menu-button mantine-focus-auto"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        style={{
          alignItems: 'center',
          gap: 6,
          padding: '6px 12px',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 6,
          background: '#fff',
          color: 'var(--theme-text, #1f2937)',
          font: 'inherit',
          cursor: 'pointer',
        }}
        data-testid="shop-menu-button"
      >
        <span aria-hidden="true">☰</span> Menu
      </button>
      <nav
        id={panelId}
        className="shop-mobile-menu"
        aria-label="Main (mobile)"
        hidden={!open}
        style={{ flexBasis: '100%', order: 10 }}
      >
        <MenuList items={items} path={path} nested={false} />
      </nav>
    </>
  );
}
