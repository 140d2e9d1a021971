'use client';
import { Form } from 'antd';
import { ResourceListPage, thumbColumn } from '@/components/crud';
import { CoverInput } from '@/components/media/cover-input';
import { brandResource, type Brand } from '@/lib/resources/operations';
import { ProductBrandSelect } from './product-brand-select';
/** 品牌管理: the brands the site shows, A–Z, each tied to one brand of the product host (车型库). */
export const BrandScreen = () => (
  <ResourceListPage<Brand>
    def={brandResource}
    settingsId="/operation/brand"
    order={['initial', 'logo', 'name']}
    columns={{ logo: thumbColumn<Brand>('logo', 'Logo', { square: true, width: 72 }) }}
    addColumns={[
      {
        key: 'productBrandName',
        title: '车型库品牌',
        dataIndex: 'productBrandName',
        width: 160,
        after: 'name',
        render: (v: string, b: Brand) => (v ? `${v}（#${b.productBrandId}）` : `#${b.productBrandId}`),
      },
    ]}
    hint="每个品牌关联车型库中的一个品牌，网站据此展示该品牌的车系和报价。"
    form={{
      fieldsOverride: { productBrandId: <ProductBrandSelect />, logo: <CoverInput /> },
      extraFields: (
        <Form.Item name="productBrandName" hidden>
          <input type="hidden" />
        </Form.Item>
      ),
    }}
  />
);
