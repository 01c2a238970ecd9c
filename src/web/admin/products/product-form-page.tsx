import { Alert, Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ProductReply } from '../../../contracts/catalogue';
import type { FileReply } from '../../../contracts/files';
import { visibilityLabel } from '../../../domain/catalogue/product-rules';
import { errorMessage } from '../../lib/form-errors';
import { LoadFailed } from '../../ui/load-failed';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { ProductForm } from './components/form/product-form';
import { emptyProduct, valuesOf } from './product-form-values';
import { useProduct, useReorderImages, useSaveProduct } from './products.api';

export const PRODUCT_LOAD_FAILED = 'Failed to load the product.';

function BackLink() {
  return (
    <Anchor component={Link} to="/admin/products" size="sm">
      ← Back to products
    </Anchor>
  );
}

function CreateProduct() {
  const save = useSaveProduct();
  const navigate = useNavigate();
  const [initialValues] = useState(emptyProduct);
  return (
    <>
      <PageHeader
        title="New product"
        description="Details, images, price and stock, variations, shipping and SEO."
        actions={<BackLink />}
      />
      <ProductForm
        productId={null}
        initialValues={initialValues}
        onSubmit={(body) => save.mutateAsync({ id: null, body })}
        onSaved={(reply) => {
          notifySuccess(reply.message);
          // The saved product opens in its edit page (its data is already in the cache).
          navigate(`/products/${reply.product.id}/edit`, { replace: true });
        }}
      />
    </>
  );
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

function EditForm({ product, onSaved }: { product: ProductReply; onSaved: () => void }) {
  const save = useSaveProduct();
  const reorder = useReorderImages(product.id);
  const [initialValues] = useState(() => valuesOf(product));
  const savedImageIds = [product.thumbnail_id, ...product.gallery_images.map((f) => f.id)].filter(
    (id): id is number => id !== null,
  );

  // spec 2 §7: a new order of the saved images is kept at once; added or removed images wait for Save.
  const imagesReordered = async (images: FileReply[]): Promise<boolean> => {
    const order = images.map((f) => f.id);
    if (order.length === 0 || !sameIds(order, savedImageIds)) return false;
    try {
      notifySuccess((await reorder.mutateAsync(order)).message);
      return true;
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to save the image order.'));
      return false;
    }
  };

  return (
    <ProductForm
      productId={product.id}
      initialValues={initialValues}
      onSubmit={(body) => save.mutateAsync({ id: product.id, body })}
      onSaved={(reply) => {
        notifySuccess(reply.message);
        onSaved();
      }}
      onImagesReordered={imagesReordered}
    />
  );
}

function EditProduct({ id }: { id: number }) {
  const product = useProduct(id);
  const [saves, setSaves] = useState(0);

  if (product.isLoading) {
    return (
      <Stack role="status" aria-label="Loading product" aria-busy>
        <Skeleton height={36} width={280} />
        <Skeleton height={36} />
        <Group grow align="flex-start">
          <Skeleton height={320} />
          <Skeleton height={320} />
        </Group>
      </Stack>
    );
  }
  if (product.isError || !product.data) {
    return (
      <>
        <PageHeader title="Edit product" actions={<BackLink />} />
        <LoadFailed
          title={PRODUCT_LOAD_FAILED}
          detail={errorMessage(product.error, 'Please try again.')}
          onRetry={() => product.refetch()}
        />
      </>
    );
  }
  const data = product.data;
  return (
    <>
      <PageHeader
        title={`Edit ${data.name}`}
        description={`${data.is_variable_product ? `${data.variations.length} variations` : 'Simple product'} · Shop visibility: ${visibilityLabel(data.shop_visibility, data.is_active)}`}
        actions={
          <>
            <Badge color={data.is_active ? 'teal' : 'gray'} variant="light">
              {data.is_active ? 'Active' : 'Inactive'}
            </Badge>
            <BackLink />
          </>
        }
      />
      {/* A fresh form for each saved version of the product. */}
      <EditForm
        key={`${data.id}-${data.updated_at}-${saves}`}
        product={data}
        onSaved={() => setSaves((n) => n + 1)}
      />
    </>
  );
}

/** /admin/products/create and /products/{id}/edit (spec 2 §2). */
export function ProductFormPage() {
  const { id } = useParams();
  if (id === undefined) return <CreateProduct />;
  const productId = Number(id);
  if (!Number.isInteger(productId) || productId <= 0) {
    return (
      <Alert color="red" role="alert" title={PRODUCT_LOAD_FAILED}>
        <Group>
          <Text size="sm">This address names no product.</Text>
          <BackLink />
        </Group>
      </Alert>
    );
  }
  return <EditProduct id={productId} />;
}

export default ProductFormPage;
