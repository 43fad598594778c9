import * as z from 'zod/mini';
import { call } from './client';

/** Accepts the invitation `id` (a UserPermission of the logged-in account): model/update of `inviteAccepted` (spec sections 4 and 7). */
export async function acceptInvitation(base: string, id: string): Promise<void> {
  await call(base, 'model/update', { model: { modelName: 'UserPermission', id }, newValues: { inviteAccepted: true }, oldValues: { inviteAccepted: false } }, z.unknown());
}
