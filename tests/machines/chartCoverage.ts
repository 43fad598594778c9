import { chartOf, transitionName, transitionsOf } from '../../scripts/statecharts/chart';
import { walkMachine } from '../../scripts/statecharts/modelWalk';
import { walkConfigs } from '../../scripts/statecharts/walkConfigs';
import { machines } from '../../scripts/statecharts/machines';

/**
 * The share of the chart's transitions that the walk variants of `name` in
 * scripts/statecharts/walkConfigs.ts take (what `npm run coverage:paths` reports for it), and the
 * names of those not taken. Fails when the machine is missing from scripts/statecharts/machines.ts.
 */
export function walkedChartShare(name: string): { share: number; notWalked: string[] } {
  const machine = machines[name];
  if (!machine) throw new Error(`${name} is not listed in scripts/statecharts/machines.ts`);
  const variants = walkConfigs[name] ?? [];
  if (!variants.length) throw new Error(`${name} has no walk variants in scripts/statecharts/walkConfigs.ts (nor in a src/kinds/*/*.walks.ts)`);
  const chart = chartOf(machine);
  const transitions = transitionsOf(chart);
  const { walked } = walkMachine(machine, variants);
  const notWalked = transitions.filter((t) => !walked.get(t.key)).map((t) => transitionName(chart, t));
  return { share: (transitions.length - notWalked.length) / transitions.length, notWalked };
}
