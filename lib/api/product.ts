/**
 * Typed client of the product host (truck catalogue and parts), for the editor's 询价 picker and
 * later screens. It goes through `http.product`, so `NEXT_PUBLIC_PRODUCT_API` pointing at another
 * server needs no code change; the built-in host (`server/hosts/product.ts`) answers the same shapes.
 * Every function returns the reply envelope, or an HttpFailure when there was no answer (the wrapper
 * has already shown the toast). @see SEED §7, DESIGN §5, §7
 */
import { http } from '../http';
import type { ListResult } from '../resources/define';
import type { Reply } from './resource';

/** The sub-categories series belong to. @see DESIGN §5 */
export const TRUCK_SUB_CATEGORIES = ['牵引车', '载货车', '自卸车', '专用车', '轻卡'] as const;
export type TruckSubCategory = (typeof TRUCK_SUB_CATEGORIES)[number];

export interface TruckBrand {
  id: number;
  name: string;
  /** First letter of the name's pinyin, for an A–Z picker. */
  initial: string;
  /** Logo URL; '' when none. */
  logo: string;
  seriesCount: number;
}

export interface TruckSeries {
  id: number;
  brandId: number;
  name: string;
  subCategory: TruckSubCategory;
}

/** A series with what a series card shows (`/series/getExList`). Prices in 万元. */
export interface TruckSeriesEx extends TruckSeries {
  brandName: string;
  productCount: number;
  minPrice: number;
  maxPrice: number;
}

export interface TruckProduct {
  id: number;
  brandId: number;
  brandName: string;
  seriesId: number;
  seriesName: string;
  subCategory: TruckSubCategory;
  /** e.g. "解放J6P 460马力 6×4 牵引车". */
  name: string;
  engine: string;
  horsepower: number;
  /** Drive form, e.g. "6×4". */
  drive: string;
  fuel: '柴油' | '天然气' | '纯电动';
  /** Manufacturer's guide price in 万元. */
  guidePrice: number;
}

export interface PartsSubCate {
  id: number;
  name: string;
  /** The top-level parts category (动力系统, 传动系统 …). */
  categoryId: number;
  categoryName: string;
}

export interface PartsBrand {
  id: number;
  name: string;
  initial: string;
  logo: string;
  /** Parts sub-categories this brand is bound to. */
  subCateIds: number[];
}

export interface PartsParamName {
  id: number;
  subCateId: number;
  name: string;
  /** '' when the value carries no unit. */
  unit: string;
}

export interface PartsProduct {
  id: number;
  brandId: number;
  brandName: string;
  subCateId: number;
  subCateName: string;
  /** Brand and model, e.g. "潍柴 WP13.550E61". */
  name: string;
  model: string;
  /** Reference price in 元. */
  price: number;
  params: Array<{ paramId: number; name: string; unit: string; value: string }>;
}

/** Paging shared by every list; pageSize at most 100. */
export interface PageQuery {
  page?: number;
  pageSize?: number;
  keyword?: string;
}

export type BrandQuery = PageQuery & { id?: number; subCategory?: TruckSubCategory };
export type SeriesQuery = PageQuery & { id?: number; brandId?: number; subCategory?: TruckSubCategory };
export type ProductQuery = PageQuery & { id?: number; brandId?: number; seriesId?: number; subCategory?: TruckSubCategory };
export type PartsBrandQuery = PageQuery & { subCateId?: number };
export type PartsSubCateQuery = PageQuery & { categoryId?: number };
export type PartsParamQuery = PageQuery & { subCateId?: number };
export type PartsProductQuery = PageQuery & { id?: number; brandId?: number; subCateId?: number; categoryId?: number };

const get = <T>(path: string, params?: object): Promise<Reply<ListResult<T>>> => http.product.get<ListResult<T>>(path, params);

/** @see SEED §7 (product service) */
export const productApi = {
  brands: (params?: BrandQuery) => get<TruckBrand>('/brand/getList', params),
  series: (params?: SeriesQuery) => get<TruckSeries>('/series/getList', params),
  seriesEx: (params?: SeriesQuery) => get<TruckSeriesEx>('/series/getExList', params),
  products: (params?: ProductQuery) => get<TruckProduct>('/product/getList', params),
  partsBrands: (params?: PartsBrandQuery) => get<PartsBrand>('/parts_brands/bind', params),
  partsSubCates: (params?: PartsSubCateQuery) => get<PartsSubCate>('/parts_sub_cate', params),
  partsParamNames: (params?: PartsParamQuery) => get<PartsParamName>('/parts_param_name', params),
  partsProducts: (params?: PartsProductQuery) => get<PartsProduct>('/parts_products', params),
};
