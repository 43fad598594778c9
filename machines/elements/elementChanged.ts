import { enqueueActions, type EventObject, type MachineContext, type ProvidedActor } from 'xstate';

/** The learner-state fields an element reports (spec section 7, userdata). */
export type ChangedField =
  | 'progress' | 'selected' | 'evaluated' | 'value' | 'generatedFeedback' | 'assignedItemIds' | 'inputs' | 'unlocked' | 'issueDate' | 'points';

/**
 * What an element actor reports upward for every learner change: one field, one value, for the
 * model `id` (the element's id; a path reports its steps' progress under the step's id).
 */
export type ElementChangedEvent = { type: 'element.changed'; id: string; field: ChangedField; value: unknown };

export type ElementChange = Omit<ElementChangedEvent, 'type'>;

/**
 * The `report` action of every element machine: `sendParent` when the actor has a parent (the
 * viewer spawned it) and always `emit`. A bare `sendParent` would stop a parentless actor (a test,
 * an element rendered without a viewer) with "Unable to send event to actor '#_parent'". The viewer
 * listens to the parent event; `actor.on('element.changed', …)` serves standalone actors.
 * Use it in `setup({ actions: { report: reportChange<Context, Event>() } })`.
 */
export function reportChange<TContext extends MachineContext, TEvent extends EventObject, TActor extends ProvidedActor = never>() {
  return enqueueActions<TContext, TEvent, ElementChange, TEvent, TActor, never, never, never, ElementChangedEvent>(
    ({ enqueue, self }, change) => {
      const event: ElementChangedEvent = { type: 'element.changed', ...change };
      if (self._parent) enqueue.sendParent(event);
      enqueue.emit(event);
    },
  );
}

