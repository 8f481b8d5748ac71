import type { BenchTable } from './table.ts';

/** A target a figure should meet, e.g. "client / undici p50 <= 1.10". */
export interface Goal {
  name: string;
  measured: number;
  comparison: '<=' | '>=' | '<' | '>';
  bound: number;
  /** What follows the figures in the table, e.g. `' ms'`. @default 'x' (a ratio) */
  unit?: string;
}

export interface GoalResult extends Goal {
  met: boolean;
}

export function checkGoals(goals: readonly Goal[]): GoalResult[] {
  return goals.map((goal) => {
    const { measured, bound } = goal;
    const met =
      goal.comparison === '<='
        ? measured <= bound
        : goal.comparison === '>='
          ? measured >= bound
          : goal.comparison === '<'
            ? measured < bound
            : measured > bound;
    return { ...goal, met };
  });
}

/** The goals as a table: measured ratio, target, and whether it was met. */
export function goalsTable(title: string, results: readonly GoalResult[]): BenchTable {
  return {
    title,
    columns: ['goal', 'measured', 'target', 'met'],
    rows: results.map((result) => {
      const unit = result.unit ?? 'x';
      return [
        result.name,
        `${result.measured.toFixed(3)}${unit}`,
        `${result.comparison} ${result.bound.toFixed(2)}${unit}`,
        result.met ? 'yes' : 'NO',
      ];
    }),
  };
}
