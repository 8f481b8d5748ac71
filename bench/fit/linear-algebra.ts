/** The small dense linear algebra of the weight fits (pairwise-logistic.ts, listwise-softmax.ts). */

/** The dot product of two vectors of one length. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let at = 0; at < a.length; at++) sum += a[at]! * b[at]!;
  return sum;
}

/** A `size` × `size` matrix with `ridge` on its diagonal: a Hessian's ridge term, before the data's. */
export function ridgeMatrix(size: number, ridge: number): Float64Array[] {
  return Array.from({ length: size }, (_, row) => {
    const line = new Float64Array(size);
    line[row] = ridge;
    return line;
  });
}

/** Copies a symmetric matrix's lower triangle, the part the fits sum, over its upper one. */
export function mirrorLower(matrix: Float64Array[]): void {
  for (let row = 0; row < matrix.length; row++) {
    for (let column = row + 1; column < matrix.length; column++) {
      matrix[row]![column] = matrix[column]![row]!;
    }
  }
}

/** Solves `matrix · x = vector` (matrix symmetric positive definite) by Gaussian elimination. */
export function solve(matrix: Float64Array[], vector: Float64Array): Float64Array {
  const size = vector.length;
  const rows = matrix.map((row, at) => [...row, vector[at]!]);
  for (let column = 0; column < size; column++) {
    let pivot = column;
    for (let row = column + 1; row < size; row++) {
      if (Math.abs(rows[row]![column]!) > Math.abs(rows[pivot]![column]!)) pivot = row;
    }
    [rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!];
    for (let row = column + 1; row < size; row++) {
      const factor = rows[row]![column]! / rows[column]![column]!;
      for (let at = column; at <= size; at++) rows[row]![at]! -= factor * rows[column]![at]!;
    }
  }
  const solution = new Float64Array(size);
  for (let row = size - 1; row >= 0; row--) {
    let sum = rows[row]![size]!;
    for (let at = row + 1; at < size; at++) sum -= rows[row]![at]! * solution[at]!;
    solution[row] = sum / rows[row]![row]!;
  }
  return solution;
}
