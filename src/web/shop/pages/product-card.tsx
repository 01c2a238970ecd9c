import { Badge, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { GalleryImage, ShopDisplay, ShopProductCard } from '../../../contracts/shop-catalogue';
import { stockNotice } from '../../../domain/storefront/variant-choice';
import { money } from '../../lib/format';

/** An image with its size and, when the file has a preview, a srcset of the preview and the file. */
export function ShopImage({
  image,
  sizes,
  eager,
  className,
  alt,
}: {
  image: GalleryImage;
  sizes: string;
  eager: boolean;
  className?: string;
  alt: string;
}) {
  const srcSet =
    image.preview_url && image.preview_width && image.width
      ? `${image.preview_url} ${image.preview_width}w, ${image.url} ${image.width}w`
      : undefined;
  return (
    <img
      src={image.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}

/** The price as the buyer pays it, with the list price struck through when discounted. */
export function ShopPrice({
  discount,
  from,
  symbol,
  size = 'md',
}: {
  discount: ShopProductCard['discount_data'];
  from: boolean;
  symbol: string;
  size?: 'md' | 'xl';
}) {
  return (
    <Group gap={8} align="baseline" data-testid="shop-price">
      <Text fw={700} size={size}>
        {from && 'From '}
        {money(discount.final_price, symbol)}
      </Text>
      {discount.has_discount && (
        <>
          <Text component="s" c="dimmed" size="sm">
            <VisuallyHidden>Was </VisuallyHidden>
            {money(discount.original_price, symbol)}
          </Text>
          <Badge color="red" variant="light" size="sm">
            −{Math.round(discount.total_discount_percentage)}%
          </Badge>
        </>
      )}
    </Group>
  );
}

/** A product in a grid: picture, name, brand, price, colours and what the stock settings show. */
export function ProductCard({
  product,
  display,
  eager,
  headingLevel = 3,
}: {
  product: ShopProductCard;
  display: ShopDisplay;
  eager: boolean;
  headingLevel?: 2 | 3;
}) {
  const notice = stockNotice(product.stock_quantity, product.low_stock_threshold, display.stock);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card withBorder radius="md" padding="sm" component="article" data-testid="product-card">
      <Card.Section>
        {product.image ? (
          <ShopImage
            image={product.image}
            alt=""
            sizes="(min-width: 62em) 240px, 50vw"
            eager={eager}
            className="shop-card-image"
          />
        ) : (
          <span className="shop-card-image" />
        )}
      </Card.Section>
      <Stack gap={4} mt="sm">
        {product.brand && (
          <Text size="xs" c="dimmed">
            {product.brand}
          </Text>
        )}
        <Heading style={{ margin: 0, fontSize: '1rem', lineHeight: 1.3 }}>
          <a href={product.url} style={{ color: 'inherit' }}>
            {product.name}
          </a>
        </Heading>
        <ShopPrice
          discount={product.discount_data}
          from={product.has_price_range}
          symbol={display.currency.symbol}
        />
        {product.colors.length > 0 && (
          <Group gap={4} role="group" aria-label={`Colours: ${product.colors.map((c) => c.name).join(', ')}`}>
            {product.colors.map((color) => (
              <span key={color.id} className="shop-swatch" style={{ background: color.code }} />
            ))}
          </Group>
        )}
        {notice && (
          <Text
            size="sm"
            c={notice.state === 'out_of_stock' ? 'red' : notice.state === 'low_stock' ? 'orange' : 'green'}
            data-testid="stock-notice"
          >
            {notice.text}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
