import type {
  AttributeReply,
  AttributeValueReply,
  BrandReply,
  CategoryReply,
  CategoryTreeReply,
  ColorReply,
  SupplierReply,
  VatReply,
} from '../../../contracts/catalogue-reference';
import type {
  AttributeRow,
  AttributeValueRow,
  BrandRow,
  CategoryNode,
  CategoryRow,
  ColorRow,
  SupplierRow,
  VatRow,
} from './reference.queries';

export function presentBrand(row: BrandRow): BrandReply {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    is_active: row.isActive,
    products_count: row.productsCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentCategory(row: CategoryRow): CategoryReply {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    parent_id: row.parentId,
    parent_name: row.parentName,
    description: row.description,
    is_active: row.isActive,
    sort_order: row.sortOrder,
    children_count: row.childrenCount,
    products_count: row.productsCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentCategoryNode(node: CategoryNode): CategoryTreeReply {
  return { ...presentCategory(node), children: node.children.map(presentCategory) };
}

export function presentColor(row: ColorRow): ColorReply {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    products_count: row.productsCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentAttributeValue(row: AttributeValueRow): AttributeValueReply {
  return {
    id: row.id,
    attribute_id: row.attribute_id,
    value: row.value,
    color_code: row.color_code,
    sort_order: row.sort_order,
    products_count: Number(row.products_count),
  };
}

export function presentAttribute(row: AttributeRow): AttributeReply {
  return {
    id: row.id,
    name: row.name,
    values_count: row.valuesCount,
    products_count: row.productsCount,
    created_at: new Date(row.createdAt).toISOString(),
    values: row.values.map(presentAttributeValue),
  };
}

export function presentVat(row: VatRow): VatReply {
  const rate = Number(row.rate);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    rate,
    is_active: row.isActive,
    is_default: row.isDefault,
    vat_info: { vat_status: row.isActive ? 'active' : 'inactive', type: row.type, rate },
    products_count: row.productsCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentSupplier(row: SupplierRow): SupplierReply {
  return { id: row.id, name: row.name, company_name: row.companyName, email: row.email };
}
