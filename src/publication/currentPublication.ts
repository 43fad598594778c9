import { call } from '../api/client';
import { CurrentPublication } from '../../model/currentPublication';

/** `POST /api/publication/current`: the publication the material's shares show now (no toast on failure: not a model call). */
export function fetchCurrentPublication(base: string, share: string, materialId: string): Promise<CurrentPublication> {
  return call(base, 'publication/current', { share, materialId }, CurrentPublication);
}
