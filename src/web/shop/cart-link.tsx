import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CART_COUNT_EVENT } from './cart-events';

/**
 * The header's way to the cart with the units it holds: the server's count when the page was
 * made, then whatever a page announces after adding, changing or clearing.
 */
export function CartLink({ initialCount }: { initialCount: number }) {
  const [count, setCount] = useState(initialCount);
  useEffect(() => {
    const follow = (event: Event) => setCount((event as CustomEvent<{ count: number }>).detail.count);
    window.addEventListener(CART_COUNT_EVENT, follow);
    return () => window.removeEventListener(CART_COUNT_EVENT, follow);
  }, []);
  return (
    <Button
      component="a"
      href="/cart"
      variant="subtle"
      size="xs"
      data-testid="cart-link"
      data-count={count}
      rightSection={
        count > 0 ? (
          <Badge size="sm" color="dark" data-testid="cart-count">
            {count}
            <VisuallyHidden>{count === 1 ? ' item' : ' items'}</VisuallyHidden>
          </Badge>
        ) : undefined
      }
    >
      Cart
    </Button>
  );
}
