'use client';

import { useEffect, useState } from 'react';
import { Form, Select } from 'antd';
import { productApi, type TruckBrand } from '@/lib/api/product';
import { isOk } from '@/lib/api/resource';

/**
 * The product host's truck brands (tens), A–Z. Choosing one fills the form's 品牌名称 when it is
 * still empty, the 首字母, and the host's name of the brand (productBrandName). Works as a
 * Form.Item child (value / onChange); it carries the hidden productBrandName item itself.
 */
export function ProductBrandSelect({ value, onChange, id }: { value?: number; onChange?: (id: number | undefined) => void; id?: string }) {
  const form = Form.useFormInstance();
  const [brands, setBrands] = useState<TruckBrand[] | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void productApi.brands({ pageSize: 100 }).then((reply) => {
      if (isCurrent)
        setBrands(isOk(reply) ? [...reply.data.list].sort((a, b) => a.initial.localeCompare(b.initial) || a.name.localeCompare(b.name, 'zh')) : []);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return (
    <>
      <Select
        id={id}
        value={value}
        loading={brands === null}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        placeholder="搜索车型库中的品牌"
        notFoundContent={brands === null ? '正在加载车型库品牌…' : '车型库中没有这个品牌'}
        options={(brands ?? []).map((b) => ({ value: b.id, label: `${b.initial} · ${b.name}` }))}
        onChange={(next: number | undefined) => {
          onChange?.(next);
          const brand = brands?.find((b) => b.id === next);
          if (!brand) return;
          const patch: Record<string, unknown> = { productBrandName: brand.name, initial: brand.initial };
          if (!form.getFieldValue('name')) patch.name = brand.name;
          form.setFieldsValue(patch);
        }}
      />
      <Form.Item name="productBrandName" hidden noStyle>
        <input type="hidden" />
      </Form.Item>
    </>
  );
}
