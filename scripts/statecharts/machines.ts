import type { AnyStateMachine } from 'xstate';
import { appMachines } from '../../machines/index';
import { kindMachines } from './kindMachines';

/** Every statechart of the product by its id: the app's (machines/index.ts) and each stateful element kind's. */
export const machines: Record<string, AnyStateMachine> = {
  ...appMachines,
  ...Object.fromEntries((await kindMachines()).map(({ machine }) => [machine.id, machine])),
};
