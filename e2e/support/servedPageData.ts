import type { APIRequestContext } from '@playwright/test';
import { PageData } from '../../model/pageData';

const pageDataScript = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/;

/**
 * The page data the server embeds in a share page for this request (its cookies included), parsed
 * with the client's schema; with it the HTTP status. For a guest link this is what the server holds
 * for the guest (`learnerState`, from the stored userdata events).
 */
export async function servedPageData(request: APIRequestContext, url: string): Promise<{ status: number; pageData: PageData }> {
  const response = await request.get(url);
  const html = await response.text();
  const json = pageDataScript.exec(html)?.[1];
  if (!json) throw new Error(`${url} answered ${response.status()} without page data`);
  return { status: response.status(), pageData: PageData.parse(JSON.parse(json)) };
}
