import {
  CollectionSearchAnswer,
  FulltextAnswer,
  MaterialSearchAnswer,
  type CollectionSearchBody,
  type FulltextSearchBody,
  type MaterialSearchBody,
} from '../../model/search';
import { call } from './client';

/*
 * The search calls of spec section 7, each answer parsed with its schema (model/search.ts).
 * Bodies are the schemas' inputs: what the server defaults may be left out.
 */

type Input<T> = Partial<T> & Pick<T, Extract<keyof T, 'share' | 'query'>>;

export function searchFulltext(base: string, body: Input<FulltextSearchBody>, signal?: AbortSignal): Promise<FulltextAnswer> {
  return call(base, 'searchFulltext', body, FulltextAnswer, signal);
}

export function searchCollectionMaterials(base: string, share: string, body: Partial<CollectionSearchBody>, signal?: AbortSignal): Promise<CollectionSearchAnswer> {
  return call(base, `search/collection/${encodeURIComponent(share)}/materials`, body, CollectionSearchAnswer, signal);
}

export function searchMaterials(base: string, body: Input<MaterialSearchBody>, signal?: AbortSignal): Promise<MaterialSearchAnswer> {
  return call(base, 'search/materials', body, MaterialSearchAnswer, signal);
}
