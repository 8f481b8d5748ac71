import { describe, expect, it } from 'vitest';
import { mirrorLower, ridgeMatrix, solve } from '../fit/linear-algebra.ts';

describe('solve', () => {
  it('solves a small symmetric system', () => {
    const x = solve([Float64Array.of(4, 1), Float64Array.of(1, 3)], Float64Array.of(1, 2));
    expect(x[0]).toBeCloseTo(1 / 11, 12);
    expect(x[1]).toBeCloseTo(7 / 11, 12);
  });
});

describe('ridgeMatrix and mirrorLower', () => {
  it('put the ridge on the diagonal, and copy the lower triangle over the upper one', () => {
    const matrix = ridgeMatrix(3, 0.5);
    expect(matrix.map((row) => [...row])).toEqual([
      [0.5, 0, 0],
      [0, 0.5, 0],
      [0, 0, 0.5],
    ]);
    matrix[1]![0] = 2;
    matrix[2]![0] = 3;
    matrix[2]![1] = 4;
    mirrorLower(matrix);
    expect(matrix.map((row) => [...row])).toEqual([
      [0.5, 2, 3],
      [2, 0.5, 4],
      [3, 4, 0.5],
    ]);
  });
});
