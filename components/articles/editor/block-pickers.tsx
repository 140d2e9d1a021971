'use client';

import { useEffect, useRef, useState } from 'react';
import { Alert, Empty, Form, Input, List, Modal, Select, Spin, Typography, type ModalProps } from 'antd';
import { useDialogFocus } from '@/components/common/dialog-focus';
import { MediaPickerModal } from '@/components/media/picker-modal';
import { ActivitySelect } from '@/components/taxonomy/activity-select';
import { isOk } from '@/lib/api/resource';
import { productApi, type TruckBrand, type TruckProduct, type TruckSeries } from '@/lib/api/product';
import { topicApi, type VrPanorama } from '@/lib/api/topic';
import { blockHtml, type BlockKind } from '@/components/articles/body/blocks';

export const BLOCK_BUTTONS: Array<{ kind: BlockKind; name: string; text: string; tooltip: string }> = [
  { kind: 'video', name: 'cmsVideo', text: '视频', tooltip: '插入视频（视频库或上传）' },
  { kind: 'vr', name: 'cmsVr', text: 'VR', tooltip: '插入 VR 全景' },
  { kind: 'inquiry', name: 'cmsInquiry', text: '询价', tooltip: '插入询价卡片（品牌 → 车系 → 车型）' },
  { kind: 'vote', name: 'cmsVote', text: '投票', tooltip: '插入投票' },
  { kind: 'gallery', name: 'cmsGallery', text: '图集', tooltip: '插入图集（图片库多选或上传）' },
];

/**
 * The five pickers behind the editor's custom buttons (DESIGN §7). Each is an antd modal; choosing
 * hands the block's HTML to `onInsert`, closing hands nothing (the editor gets its focus back).
 */
export function BlockPickers({ open, onInsert, onClose }: { open: BlockKind | null; onInsert: (html: string) => void; onClose: () => void }) {
  return (
    <>
      <MediaPickerModal
        kind="video"
        open={open === 'video'}
        title="插入视频"
        onClose={onClose}
        onPick={([v]) => v && onInsert(blockHtml({ kind: 'video', id: v.id, title: v.title, poster: v.cover ?? v.thumbUrl }))}
      />
      <MediaPickerModal
        kind="pic"
        multiple
        max={200}
        open={open === 'gallery'}
        title="插入图集（按选择的先后排列）"
        onClose={onClose}
        onPick={(pics) =>
          pics.length &&
          onInsert(blockHtml({ kind: 'gallery', pics: pics.map((p) => ({ id: p.id, url: p.thumbUrl ?? p.url, title: p.titleIsPlaceholder ? '' : p.title })) }))
        }
      />
      <VrPicker open={open === 'vr'} onClose={onClose} onInsert={onInsert} />
      <InquiryPicker open={open === 'inquiry'} onClose={onClose} onInsert={onInsert} />
      <VotePicker open={open === 'vote'} onClose={onClose} onInsert={onInsert} />
    </>
  );
}

interface PickerProps {
  open: boolean;
  onClose: () => void;
  onInsert: (html: string) => void;
}

/**
 * What the three block dialogs share (review P2-8, P2-9): they open with the keyboard in their first
 * field, not on ×, tried at once and again after the opening motion; and they do not hand the focus
 * back to the toolbar button that opened them (the editor puts the caret back in the body).
 */
function useBlockDialog(open: boolean) {
  const { bodyProps, modalProps } = useDialogFocus({ open });
  return { body: bodyProps.ref, modalProps: { ...modalProps, focusTriggerAfterClose: false } satisfies Partial<ModalProps> };
}

/**
 * Enter on a choice that is made (its list closed) inserts, as the dialog's main button would; Enter
 * in an open list still chooses in it.
 */
function enterInserts(insert: (() => void) | null) {
  return (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter' || !insert || e.nativeEvent.isComposing) return;
    if ((e.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
    e.preventDefault();
    insert();
  };
}

/** VR panoramas of the topic host (`/master/vr`), searched by title, one chosen. */
function VrPicker({ open, onClose, onInsert }: PickerProps) {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: VrPanorama[]; total: number } | null>(null);
  const [error, setError] = useState(false);
  const [chosen, setChosen] = useState<VrPanorama | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setError(false);
    void topicApi.vr({ keyword: keyword || undefined, page, pageSize: 8 }).then((reply) => {
      if (!live) return;
      if (isOk(reply)) setData({ list: reply.data.list, total: reply.data.total });
      else setError(true);
    });
    return () => {
      live = false;
    };
  }, [open, keyword, page]);
  useEffect(() => {
    if (!open) setChosen(null);
  }, [open]);
  const { body, modalProps } = useBlockDialog(open);
  return (
    <Modal
      {...modalProps}
      open={open}
      title="插入 VR 全景"
      width={720}
      onCancel={onClose}
      destroyOnHidden
      okText="插入"
      cancelText="取消"
      okButtonProps={{ disabled: !chosen }}
      onOk={() => chosen && onInsert(blockHtml({ kind: 'vr', id: chosen.id, title: chosen.title, cover: chosen.cover }))}
    >
      <div ref={body}>
        <Input.Search
          placeholder="按名称搜索 VR 全景"
          aria-label="搜索 VR 全景"
          allowClear
          enterButton="搜索"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          style={{ marginBottom: 12 }}
        />
        {error && <Alert type="error" showIcon title="话题站暂时无法访问，请稍后再试" style={{ marginBottom: 12 }} />}
        {!data && !error ? (
          <Spin />
        ) : (
          <List
            dataSource={data?.list ?? []}
            locale={{ emptyText: <Empty description={keyword ? '没有找到匹配的 VR 全景，换个关键词试试' : '话题站还没有 VR 全景'} /> }}
            pagination={
              data && data.total > 8 ? { current: page, pageSize: 8, total: data.total, onChange: setPage, size: 'small', showSizeChanger: false } : false
            }
            renderItem={(vr) => (
              <List.Item style={{ padding: 0, border: 0 }}>
                <ChoiceRow
                  checked={chosen?.id === vr.id}
                  onChoose={() => setChosen(vr)}
                  label={vr.title}
                  detail={`${vr.vehicle.brandName} ${vr.vehicle.seriesName}`}
                  image={vr.cover}
                />
              </List.Item>
            )}
          />
        )}
      </div>
    </Modal>
  );
}

/** A radio-like row: a real button, so it is reached and chosen with the keyboard. */
function ChoiceRow({ checked, onChoose, label, detail, image }: { checked: boolean; onChoose: () => void; label: string; detail?: string; image?: string }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      onClick={onChoose}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        width: '100%',
        padding: 8,
        margin: '4px 0',
        textAlign: 'left',
        background: checked ? '#e6f4ff' : '#fff',
        border: `1px solid ${checked ? '#1677ff' : '#f0f0f0'}`,
        borderRadius: 6,
        cursor: 'pointer',
      }}
    >
      {image ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={image} alt="" style={{ width: 96, height: 54, objectFit: 'cover', borderRadius: 4, flex: 'none' }} />
      ) : null}
      <span style={{ minWidth: 0 }}>
        <Typography.Text strong>{label}</Typography.Text>
        {detail && (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {detail}
          </Typography.Text>
        )}
      </span>
    </button>
  );
}

/** Brand → series → product of the product host, with the product's guide price. */
function InquiryPicker({ open, onClose, onInsert }: PickerProps) {
  const [brands, setBrands] = useState<TruckBrand[]>([]);
  const [series, setSeries] = useState<TruckSeries[]>([]);
  const [products, setProducts] = useState<TruckProduct[]>([]);
  const [brandId, setBrandId] = useState<number | null>(null);
  const [seriesId, setSeriesId] = useState<number | null>(null);
  const [productId, setProductId] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const searchBrands = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      setLoading(true);
      const reply = await productApi.brands({ keyword: keyword.trim() || undefined, pageSize: 100 });
      setLoading(false);
      if (isOk(reply)) setBrands(reply.data.list);
    }, 200);
  };
  useEffect(() => {
    if (open) searchBrands('');
    else {
      setBrandId(null);
      setSeriesId(null);
      setProductId(null);
    }
    return () => clearTimeout(timer.current);
  }, [open]);
  useEffect(() => {
    setSeries([]);
    setSeriesId(null);
    if (!brandId) return;
    void productApi.series({ brandId, pageSize: 100 }).then((r) => isOk(r) && setSeries(r.data.list));
  }, [brandId]);
  useEffect(() => {
    setProducts([]);
    setProductId(null);
    if (!seriesId) return;
    void productApi.products({ seriesId, pageSize: 100 }).then((r) => isOk(r) && setProducts(r.data.list));
  }, [seriesId]);

  const product = products.find((p) => p.id === productId);
  const insert = product
    ? () => onInsert(blockHtml({ kind: 'inquiry', seriesId: product.seriesId, productId: product.id, title: product.name, price: product.guidePrice }))
    : null;
  const { body, modalProps } = useBlockDialog(open);
  return (
    <Modal
      {...modalProps}
      open={open}
      title="插入询价卡片"
      onCancel={onClose}
      destroyOnHidden
      okText="插入"
      cancelText="取消"
      okButtonProps={{ disabled: !product }}
      onOk={() => insert?.()}
    >
      <div ref={body} onKeyDown={enterInserts(insert)}>
        <Form layout="vertical">
          <Form.Item label="品牌" htmlFor="inquiry-brand">
            <Select
              id="inquiry-brand"
              value={brandId}
              onChange={setBrandId}
              placeholder="输入品牌名或拼音首字母"
              loading={loading}
              showSearch={{ filterOption: false, onSearch: searchBrands }}
              notFoundContent={loading ? '搜索中…' : '没有找到品牌'}
              options={brands.map((b) => ({ value: b.id, label: `${b.initial} · ${b.name}` }))}
            />
          </Form.Item>
          <Form.Item label="车系" htmlFor="inquiry-series">
            <Select
              id="inquiry-series"
              value={seriesId}
              onChange={setSeriesId}
              disabled={!brandId}
              placeholder={brandId ? '选择车系' : '请先选择品牌'}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent="这个品牌下没有车系"
              options={series.map((s) => ({ value: s.id, label: `${s.name}（${s.subCategory}）` }))}
            />
          </Form.Item>
          <Form.Item label="车型" htmlFor="inquiry-product" extra={product ? `厂商指导价 ${product.guidePrice} 万元` : undefined}>
            <Select
              id="inquiry-product"
              value={productId}
              onChange={setProductId}
              disabled={!seriesId}
              placeholder={seriesId ? '选择车型' : '请先选择车系'}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent="这个车系下没有车型"
              options={products.map((p) => ({ value: p.id, label: `${p.name}　${p.guidePrice} 万` }))}
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

/** A vote (activity) of the topic host. */
function VotePicker({ open, onClose, onInsert }: PickerProps) {
  const [activityId, setActivityId] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  useEffect(() => {
    if (!open) setActivityId(null);
  }, [open]);
  useEffect(() => {
    if (!activityId) return;
    void topicApi.activities({ id: activityId }).then((r) => isOk(r) && setTitle(r.data.list[0]?.title ?? ''));
  }, [activityId]);
  const insert = activityId ? () => onInsert(blockHtml({ kind: 'vote', id: activityId, title: title || `投票 #${activityId}` })) : null;
  const { body, modalProps } = useBlockDialog(open);
  return (
    <Modal
      {...modalProps}
      open={open}
      title="插入投票"
      onCancel={onClose}
      destroyOnHidden
      okText="插入"
      cancelText="取消"
      okButtonProps={{ disabled: !activityId }}
      onOk={() => insert?.()}
    >
      <div ref={body} onKeyDown={enterInserts(insert)}>
        <Form layout="vertical">
          <Form.Item label="投票活动" htmlFor="vote-activity" extra="输入文字搜索话题站的投票活动；选好后按 Enter 插入">
            <ActivitySelect id="vote-activity" value={activityId} onChange={setActivityId} placeholder="选择投票活动" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
