'use client';
import { ResourceScreen } from '@/components/screens/resource-page';
import { brandResource } from '@/lib/resources/operations';
import { ProductBrandSelect } from './product-brand-select';
import type { Brand } from '@/lib/api/types';
/** 品牌管理: the brands the site shows, A–Z, each tied to one brand of the product host (车型库). */
export const BrandScreen = () => (
  <ResourceScreen<Brand>
    def={brandResource}
    settingsId="/operation/brand"
    order={['initial', 'logo', 'name']}
    columns={{ productBrandName: { render: (v: string, b: Brand) => (v ? `${v}（#${b.productBrandId}）` : `#${b.productBrandId}`) } }}
    hint="每个品牌关联车型库中的一个品牌，网站据此展示该品牌的车系和报价。"
    form={{ fieldsOverride: { productBrandId: <ProductBrandSelect /> } }}
  />
);
