import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { StorefrontProduct } from '../../../contracts/shop-catalogue';

/** The request form is its own chunk, loaded when a visitor opens it (the shop's initial JS budget). */
const RentalRequestDialog = lazy(() => import('./rental-request-dialog'));

/** "Request rental" on a rental product's page (spec 3 §1, §2): opens the public request modal. */
export function RentalRequestButton({
  product,
  symbol,
  disabled,
}: {
  product: Pick<StorefrontProduct, 'id' | 'name' | 'is_variable_product' | 'productStocks'>;
  symbol: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="md"
        variant="outline"
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid="request-rental"
      >
        Request rental
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RentalRequestDialog product={product} symbol={symbol} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
