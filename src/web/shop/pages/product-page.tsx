import { Alert, Anchor, Box, Breadcrumbs, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CartAddReply } from '../../../contracts/cart';
import { CART_MESSAGES } from '../../../contracts/cart-messages';
import type {
  GalleryImage,
  ShopDisplay,
  ShopProductDetail,
  ShopVariant,
} from '../../../contracts/shop-catalogue';
import { shortageNote } from '../../../domain/cart/cart-rules';
import {
  autoSelectedVariant,
  type ChoosableVariant,
  choiceProblem,
  chooseColor,
  chooseValue,
  chosenVariant,
  DEFAULT_QUANTITY,
  matchingVariants,
  maxQuantity,
  stockNotice,
  type VariantChoice,
} from '../../../domain/storefront/variant-choice';
import { HttpError, http, navigation } from '../../lib/http';
import { QuantityInput } from '../../ui/quantity-input';
import { ADD_TO_CART_EVENT, type AddToCartDetail, announceCartCount } from '../cart-events';
import { RentalRequestButton } from '../rentals/rental-request-button';
import { themedButton } from '../shop-layout';
import { ShopImage, ShopPrice } from './product-card';

/** The full-screen lightbox is loaded only when a visitor opens it (the shop's initial JS budget). */
const ProductLightbox = lazy(() => import('./product-lightbox'));

export { ADD_TO_CART_EVENT, type AddToCartDetail } from '../cart-events';

type Choosable = ShopVariant & ChoosableVariant;

const choosable = (v: ShopVariant): Choosable => ({
  ...v,
  colorIds: v.color_ids,
  attributeValueIds: v.attribute_data.map((a) => a.value_id),
});

/** The values of the variant as a choice, attribute by attribute. */
const valuesOf = (variant: ShopVariant) =>
  Object.fromEntries(variant.attribute_data.map((a) => [a.attribute_id, a.value_id])) as Record<
    number,
    number
  >;

function Gallery({ images, name }: { images: GalleryImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  // Loaded on the first opening, then kept, so closing gives the focus back to the image.
  const [lightbox, setLightbox] = useState<'unloaded' | 'open' | 'closed'>('unloaded');
  const opener = useRef<HTMLButtonElement>(null);
  const current = images[Math.min(index, images.length - 1)];
  if (!current) return <Box className="shop-card-image" style={{ borderRadius: 12 }} />;
  return (
    <Stack gap="sm" data-testid="product-gallery">
      <button
        ref={opener}
        type="button"
        onClick={() => setLightbox('open')}
        aria-label={`Open ${name} image ${index + 1} of ${images.length} full screen`}
        style={{
          padding: 0,
          border: 0,
          background: 'none',
          cursor: 'zoom-in',
          borderRadius: 12,
          overflow: 'hidden',
        }}
      >
        <ShopImage
          image={current}
          alt={current.title}
          sizes="(min-width: 62em) 560px, 100vw"
          eager
          className="shop-card-image"
        />
      </button>
      {images.length > 1 && (
        <Group gap="xs" role="group" aria-label="Images">
          {images.map((image, i) => (
            <button
              key={image.url}
              type="button"
              aria-label={`Show image ${i + 1}`}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
              style={{
                padding: 0,
                width: 64,
                border:
                  i === index ? '2px solid var(--theme-primary)' : '1px solid var(--mantine-color-gray-4)',
                borderRadius: 8,
                overflow: 'hidden',
                background: 'none',
                cursor: 'pointer',
              }}
            >
              <ShopImage image={image} alt="" sizes="64px" eager={false} className="shop-card-image" />
            </button>
          ))}
        </Group>
      )}
      {lightbox !== 'unloaded' && (
        <Suspense fallback={null}>
          <ProductLightbox
            images={images}
            start={index}
            opened={lightbox === 'open'}
            onClose={() => {
              setLightbox('closed');
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function ColorChoice({
  colors,
  value,
  onChange,
}: {
  colors: ShopProductDetail['colors'];
  value: number | null;
  onChange: (id: number) => void;
}) {
  const name = useId();
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} data-testid="color-choice">
      <legend style={{ fontWeight: 600, marginBottom: 6 }}>
        Colour{value !== null && `: ${colors.find((c) => c.id === value)?.name ?? ''}`}
      </legend>
      <Group gap="xs">
        {colors.map((color) => (
          <label
            key={color.id}
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 6,
              padding: '4px 10px',
              borderRadius: 999,
              border:
                value === color.id
                  ? '2px solid var(--theme-primary)'
                  : '1px solid var(--mantine-color-gray-4)',
              background: '#fff',
              cursor: 'pointer',
            }}
          >
            <input
              type="radio"
              name={name}
              value={color.id}
              checked={value === color.id}
              onChange={() => onChange(color.id)}
            />
            <span className="shop-swatch" style={{ background: color.code }} />
            {color.name}
          </label>
        ))}
      </Group>
    </fieldset>
  );
}

function AttributeChoice({
  attribute,
  values,
  available,
  value,
  onChange,
}: {
  attribute: string;
  values: { id: number; value: string }[];
  available: Set<number>;
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const name = useId();
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} data-testid={`attribute-${attribute}`}>
      <legend style={{ fontWeight: 600, marginBottom: 6 }}>{attribute}</legend>
      <Group gap="xs">
        {values.map((option) => {
          const isAvailable = available.has(option.id);
          return (
            <label
              key={option.id}
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 6,
                padding: '4px 12px',
                borderRadius: 8,
                border:
                  value === option.id
                    ? '2px solid var(--theme-primary)'
                    : '1px solid var(--mantine-color-gray-4)',
                background: isAvailable ? '#fff' : 'var(--mantine-color-gray-1)',
                color: isAvailable ? undefined : '#5f6670',
                textDecoration: isAvailable ? undefined : 'line-through',
                cursor: isAvailable ? 'pointer' : 'not-allowed',
              }}
            >
              <input
                type="radio"
                name={name}
                value={option.id}
                checked={value === option.id}
                disabled={!isAvailable}
                onChange={() => onChange(option.id)}
              />
              {option.value}
            </label>
          );
        })}
      </Group>
    </fieldset>
  );
}

/**
 * The product page (spec 3 §4 Product detail, §5, §9): the gallery, colour first and then the other
 * attributes (a colour resets them), the variant the choices name or auto-select, its price and
 * stock, the quantity bounded by that stock, and "Add to cart", which raises the add-to-cart event.
 */
export function ProductPage({
  detail,
  display,
  orderingOpen = true,
}: {
  detail: ShopProductDetail;
  display: ShopDisplay;
  /** False while the admin has switched online ordering off (docs/decisions/0060). */
  orderingOpen?: boolean;
}) {
  const { product } = detail;
  const variants = useMemo(() => product.productStocks.map(choosable), [product.productStocks]);
  const hasColors = detail.colors.length > 0;
  const attributes = detail.attributeIds.map((id) => {
    const values = detail.attributeValues.filter((a) => a.attribute_id === id);
    return {
      id,
      name: values[0]?.attribute ?? '',
      values: values.map((v) => ({ id: v.id, value: v.value })),
    };
  });

  const [choice, setChoice] = useState<VariantChoice>(() => {
    // Without colours the page may select among all the variants at once (within the 20 % spread).
    if (hasColors || !product.is_variable_product) return { colorId: null, values: {} };
    const auto = autoSelectedVariant(variants);
    return { colorId: null, values: auto ? valuesOf(auto) : {} };
  });
  const [quantity, setQuantity] = useState<number | string>(DEFAULT_QUANTITY);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // The choices work once the page has hydrated; journeys and scripts can wait for the mark.
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const remaining = matchingVariants(variants, choice);
  const exact = chosenVariant(variants, choice, detail.attributeIds);
  const variant = product.is_variable_product
    ? (exact ?? (hasColors && choice.colorId === null ? null : autoSelectedVariant(remaining)))
    : null;
  const forColor =
    hasColors && choice.colorId !== null
      ? matchingVariants(variants, { colorId: choice.colorId, values: {} })
      : variants;
  const available = new Set(forColor.flatMap((v) => v.attributeValueIds));

  const managedStock = display.stock.stock_management_enabled ? product.stock_quantity : null;
  const max = product.is_variable_product ? maxQuantity(variant) : maxQuantity(null, managedStock);
  const stockQty = variant ? variant.qty : product.stock_quantity;
  const showStockOf = !product.is_variable_product || variant !== null;
  const notice = showStockOf ? stockNotice(stockQty, product.low_stock_threshold, display.stock) : null;
  const isOutOfStock = display.stock.stock_management_enabled && showStockOf && stockQty <= 0;
  const images =
    variant && variant.gallery_image_data.length > 0
      ? variant.gallery_image_data
      : detail.galleryImages.product;
  const quantityNumber = typeof quantity === 'number' ? quantity : Number.NaN;
  const category = product.categories[0];

  const onColor = (colorId: number) => {
    const next = chooseColor(choice, colorId);
    // spec 3 §4: within a 20 % spread the remaining variants are auto-selected, their options filled in.
    const auto = autoSelectedVariant(matchingVariants(variants, next));
    setChoice(auto ? { colorId, values: valuesOf(auto) } : next);
    setQuantity(DEFAULT_QUANTITY);
    setProblem(null);
  };
  const onValue = (attributeId: number, valueId: number) => {
    setChoice(chooseValue(choice, attributeId, valueId));
    setQuantity(DEFAULT_QUANTITY);
    setProblem(null);
  };
  const addToCart = () => {
    const found = choiceProblem({
      isVariable: product.is_variable_product,
      hasColors,
      attributeIds: detail.attributeIds,
      choice,
      variant,
      quantity: quantityNumber,
      productStock: managedStock,
    });
    setProblem(found);
    setAdded(null);
    if (found) return;
    const eventDetail: AddToCartDetail = {
      product_id: product.id,
      product_stock_id: variant?.id ?? null,
      color_id: choice.colorId,
      quantity: quantityNumber,
    };
    setAdding(true);
    http
      .post<CartAddReply>('/cart/add', eventDetail)
      .then((reply) => {
        setAdded(reply.message);
        window.dispatchEvent(
          new CustomEvent(ADD_TO_CART_EVENT, { detail: { ...eventDetail, cartCount: reply.cartCount } }),
        );
        announceCartCount(reply.cartCount);
      })
      .catch((error: unknown) => {
        const body = (error instanceof HttpError ? error.body : null) as {
          stock_error?: boolean;
          available_quantity?: number;
          current_cart_quantity?: number;
          redirect_to_product?: boolean;
          product_slug?: string;
        } | null;
        // spec 3 §8: a product redirect sends the visitor to that product's page.
        if (body?.redirect_to_product && body.product_slug) {
          navigation.assign(`/products/${body.product_slug}`);
          return;
        }
        if (error instanceof HttpError && body?.stock_error) {
          setProblem(
            `${error.message} ${shortageNote({ available: body.available_quantity ?? 0, inCart: body.current_cart_quantity ?? 0 })}`,
          );
          return;
        }
        setProblem(
          error instanceof HttpError && error.status < 500
            ? (error.firstError() ?? error.message ?? CART_MESSAGES.addFailed)
            : CART_MESSAGES.addError,
        );
      })
      .finally(() => setAdding(false));
  };

  const price = variant ? variant.discount_data : product.discount_data;
  const isRange = !variant && product.min_variant_price !== product.max_variant_price;

  return (
    <Stack gap="lg" data-testid="product-page" data-hydrated={isHydrated}>
      <Breadcrumbs separator="›">
        <Anchor href="/">Home</Anchor>
        {category ? (
          <Anchor href={`/category/${category.slug}`}>{category.name}</Anchor>
        ) : (
          <Anchor href="/products">Products</Anchor>
        )}
        <Text size="sm" aria-current="page">
          {product.name}
        </Text>
      </Breadcrumbs>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Gallery images={images} name={product.name} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            {product.brand && (
              <Text size="sm" c="dimmed">
                {product.brand}
              </Text>
            )}
            <Title order={1}>{product.name}</Title>
            <div data-testid="product-price">
              <ShopPrice discount={price} from={isRange} symbol={display.currency.symbol} size="xl" />
              {product.unit_selling_label && (
                <Text size="sm" c="dimmed">
                  {product.unit_selling_label}
                </Text>
              )}
            </div>
            {notice && (
              <Text
                fw={600}
                c={
                  notice.state === 'out_of_stock' ? 'red' : notice.state === 'low_stock' ? 'orange' : 'green'
                }
                data-testid="stock-notice"
                role="status"
              >
                {notice.text}
              </Text>
            )}
            {hasColors && <ColorChoice colors={detail.colors} value={choice.colorId} onChange={onColor} />}
            {attributes.map((attribute) => (
              <AttributeChoice
                key={attribute.id}
                attribute={attribute.name}
                values={attribute.values}
                available={available}
                value={choice.values[attribute.id]}
                onChange={(valueId) => onValue(attribute.id, valueId)}
              />
            ))}
            <QuantityInput
              label="Quantity"
              min={1}
              max={Math.max(1, max)}
              value={quantity}
              onChange={setQuantity}
              w={140}
              disabled={isOutOfStock}
              description={isOutOfStock ? undefined : `At most ${max}`}
              data-testid="quantity"
            />
            {problem && (
              <Alert color="red" role="alert" data-testid="choice-problem">
                {problem}
              </Alert>
            )}
            {added && (
              <Alert color="teal" role="status" data-testid="added-to-cart">
                {added}{' '}
                <Anchor href="/cart" c="inherit" fw={700} underline="always">
                  View cart
                </Anchor>
              </Alert>
            )}
            <Group>
              <Button
                size="md"
                style={isOutOfStock ? undefined : themedButton}
                disabled={isOutOfStock || !orderingOpen}
                loading={adding}
                onClick={addToCart}
                data-testid="add-to-cart"
              >
                {isOutOfStock ? 'Out of stock' : 'Add to cart'}
              </Button>
              {product.is_rental_product && (
                <RentalRequestButton
                  product={product}
                  symbol={display.currency.symbol}
                  disabled={!orderingOpen}
                />
              )}
            </Group>
            {product.description && (
              <Box>
                <Title order={2} size="h4" mb={4}>
                  Description
                </Title>
                <Text style={{ whiteSpace: 'pre-line' }}>{product.description}</Text>
              </Box>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
