import { createContext, useContext } from 'react';
import type { PageData } from '../model/pageData';

export const PageDataContext = createContext<PageData | null>(null);

/** The page data of the share, provided once at the root of the app. */
export function usePageData(): PageData {
  const data = useContext(PageDataContext);
  if (!data) throw new Error('usePageData outside PageDataContext');
  return data;
}

/** Base URL of the asset endpoint (`assetUrl(base, asset, preset)`). */
export function useAssetBase(): string {
  return useContext(PageDataContext)?.api.assets ?? '/api/assets';
}
