import {
  Button,
  Checkbox,
  Grid,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  SHOP_SORT_LABELS,
  SHOP_SORTS,
  type ShopDisplay,
  type ShopListView,
} from '../../../contracts/shop-catalogue';
import { themedButton } from '../shop-layout';
import { ProductCard } from './product-card';

/** The listing's address for another page, keeping the sort and filters. */
function pageHref(view: ShopListView, page: number): string {
  const params = new URLSearchParams();
  const q = view.query;
  if (q.search) params.set('search', q.search);
  if (q.category) params.set('category', q.category);
  if (q.brand) params.set('brand', q.brand);
  if (q.color) params.set('color', q.color);
  if (q.min_price) params.set('min_price', q.min_price);
  if (q.max_price) params.set('max_price', q.max_price);
  if (q.in_stock) params.set('in_stock', '1');
  if (q.sort !== 'newest') params.set('sort', q.sort);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `${view.path}?${text}` : view.path;
}

/**
 * The filters as a plain GET form (spec 3 §2 /products): it works before and without the page's
 * script, and every choice is in the address, so a filtered page can be shared and reloaded.
 */
function Filters({ view }: { view: ShopListView }) {
  const q = view.query;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
      <form method="get" action={view.path}>
        <Stack gap="sm">
          <TextInput label="Search" name="search" type="search" defaultValue={q.search} />
          {!view.category && (
            <NativeSelect
              label="Category"
              name="category"
              defaultValue={q.category}
              data={[{ value: '', label: 'All categories' }, ...view.facets.categories]}
            />
          )}
          <NativeSelect
            label="Brand"
            name="brand"
            defaultValue={q.brand}
            data={[{ value: '', label: 'All brands' }, ...view.facets.brands]}
          />
          <NativeSelect
            label="Colour"
            name="color"
            defaultValue={q.color}
            data={[
              { value: '', label: 'All colours' },
              ...view.facets.colors.map(({ value, label }) => ({ value, label })),
            ]}
          />
          <Group grow gap="xs">
            <TextInput label="Min price" name="min_price" inputMode="decimal" defaultValue={q.min_price} />
            <TextInput label="Max price" name="max_price" inputMode="decimal" defaultValue={q.max_price} />
          </Group>
          <Checkbox label="In stock only" name="in_stock" value="1" defaultChecked={q.in_stock} />
          <NativeSelect
            label="Sort by"
            name="sort"
            defaultValue={q.sort}
            data={SHOP_SORTS.map((value) => ({ value, label: SHOP_SORT_LABELS[value] }))}
          />
          <Group gap="xs">
            <Button type="submit" style={themedButton}>
              Apply
            </Button>
            <Button component="a" href={view.path} variant="default">
              Clear
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /products, /category/{slug} and search (spec 3 §2): filters, a grid of cards, page links. */
export function ProductsPage({ view, display }: { view: ShopListView; display: ShopDisplay }) {
  const heading = view.category
    ? view.category.name
    : view.query.search
      ? `Search results for “${view.query.search}”`
      : 'All products';
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{heading}</Title>
        {view.category?.description && <Text c="dimmed">{view.category.description}</Text>}
        <Text size="sm" c="dimmed" aria-live="polite">
          {view.total === 1 ? '1 product' : `${view.total} products`}
        </Text>
      </div>
      {/* spec 3 §2: a hidden element carries the current and last page. */}
      <div
        hidden
        data-testid="page-meta"
        data-current-page={view.current_page}
        data-last-page={view.last_page}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Filters view={view} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="lg">
            {view.products.length === 0 ? (
              <Paper withBorder radius="md" p="xl">
                <Text>No products match these filters.</Text>
              </Paper>
            ) : (
              <div className="shop-grid" data-testid="product-grid">
                {view.products.map((product, index) => (
                  <ProductCard
                    key={product.id}
                    product={product}
                    display={display}
                    eager={index < 4}
                    headingLevel={2}
                  />
                ))}
              </div>
            )}
            {view.last_page > 1 && (
              <nav aria-label="Pages">
                <Pagination
                  total={view.last_page}
                  value={view.current_page}
                  getItemProps={(page) => ({ component: 'a', href: pageHref(view, page) })}
                  getControlProps={(control) => {
                    const target =
                      control === 'first'
                        ? 1
                        : control === 'last'
                          ? view.last_page
                          : control === 'next'
                            ? Math.min(view.last_page, view.current_page + 1)
                            : Math.max(1, view.current_page - 1);
                    return {
                      component: 'a',
                      href: pageHref(view, target),
                      'aria-label': `${control} page`,
                    };
                  }}
                />
              </nav>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
