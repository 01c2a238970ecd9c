import { Avatar, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ProductListItem } from '../../../../../contracts/catalogue';
import { STOCK_STATUS_LABELS, type StockStatus } from '../../../../../domain/catalogue/product-rules';
import { MoneyText } from '../../../../ui/money-text';

/** The product's picture; a missing or broken one shows a placeholder (spec 2 §8). */
export function ProductThumb({ product }: { product: ProductListItem }) {
  return (
    <Avatar
      src={product.thumbnail_url}
      alt={product.name}
      radius="sm"
      size={44}
      color="gray"
      variant="light"
      imageProps={{ loading: 'lazy' }}
    >
      <IconPhoto size={20} aria-hidden />
    </Avatar>
  );
}

/** Name and SKU, with brand and categories underneath. */
export function ProductNameCell({ product }: { product: ProductListItem }) {
  const context = [product.brand, product.categories.join(', ')].filter(Boolean).join(' · ');
  return (
    <Stack gap={0} maw={360}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} lineClamp={1}>
          {product.name}
        </Text>
        {product.is_rental_product && (
          <Badge size="xs" variant="outline" color="grape">
            Rental
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" ff="monospace">
        {product.sku ? `SKU ${product.sku}` : 'No SKU'}
      </Text>
      {context && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {context}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The price a signed-in customer pays today (docs/decisions/0014), the original struck through when
 * a discount applies; variable products "from" their cheapest variant, with their range below.
 */
export function PriceCell({ product }: { product: ProductListItem }) {
  const discount = product.discount_data;
  const isDiscounted = discount.has_discount;
  const explanation =
    discount.source === 'rule' && discount.rule
      ? `Discount rule: ${discount.rule.name} (−${discount.total_discount_percentage}%)`
      : `Product discount (−${discount.total_discount_percentage}%)`;
  return (
    <Stack gap={0} data-testid="product-price">
      <Group gap={6} wrap="nowrap" align="baseline">
        {product.has_price_range && (
          <Text size="xs" c="dimmed">
            From
          </Text>
        )}
        <Text size="sm" fw={600} c={isDiscounted ? 'red.9' : undefined}>
          <MoneyText amount={product.final_price} />
        </Text>
        {isDiscounted && (
          <Tooltip label={explanation} withArrow>
            <Text size="xs" c="dimmed" component="span" role="group" aria-label="Price before discount">
              <del>
                <MoneyText amount={product.price} />
              </del>
            </Text>
          </Tooltip>
        )}
      </Group>
      {product.has_price_range && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <MoneyText amount={product.min_variant_price} /> – <MoneyText amount={product.max_variant_price} />
        </Text>
      )}
    </Stack>
  );
}

const STOCK_COLORS: Record<StockStatus, string> = {
  in_stock: 'teal',
  low_stock: 'yellow',
  out_of_stock: 'red',
};

/** spec 2 §4 stock status with the quantity (a variable product: all its variants together). */
export function StockBadge({ product }: { product: ProductListItem }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={STOCK_COLORS[product.stock_status]} variant="light" data-testid="stock-status">
        {STOCK_STATUS_LABELS[product.stock_status]}
      </Badge>
      <Text size="xs" c="dimmed">
        {product.stock_quantity}{' '}
        {product.is_variable_product ? `in ${product.variant_count} variants` : 'units'}
      </Text>
    </Stack>
  );
}

/** spec 2 §6 who sees the product in the shop ("Hidden" when inactive, spec 2 §4). */
export function VisibilityText({ product }: { product: ProductListItem }) {
  const hidden = product.shop_visibility_label === 'Hidden';
  return (
    <Text
      size="sm"
      c={hidden ? 'dimmed' : undefined}
      fs={hidden ? 'italic' : undefined}
      data-testid="visibility"
    >
      {product.shop_visibility_label}
    </Text>
  );
}
