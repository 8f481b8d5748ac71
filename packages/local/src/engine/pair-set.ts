/**
 * A set of pairs of small non-negative integers (two term ids in a row), kept in
 * typed arrays: the duplicate filter adds one pair per kept word, and a `Set` of
 * numbers beyond 2^31 would box every one of them.
 */
export class PairSet {
  private first = new Int32Array(4096).fill(-1);
  private second = new Int32Array(4096);
  private size = 0;

  private slot(a: number, b: number): number {
    const mask = this.first.length - 1;
    let slot = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) & mask;
    while (this.first[slot] !== -1 && (this.first[slot] !== a || this.second[slot] !== b)) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  has(a: number, b: number): boolean {
    return this.first[this.slot(a, b)] !== -1;
  }

  add(a: number, b: number): void {
    const slot = this.slot(a, b);
    if (this.first[slot] !== -1) return;
    this.first[slot] = a;
    this.second[slot] = b;
    if (++this.size * 2 > this.first.length) this.grow();
  }

  private grow(): void {
    const { first, second } = this;
    this.first = new Int32Array(first.length * 2).fill(-1);
    this.second = new Int32Array(first.length * 2);
    for (let old = 0; old < first.length; old++) {
      if (first[old] === -1) continue;
      const slot = this.slot(first[old]!, second[old]!);
      this.first[slot] = first[old]!;
      this.second[slot] = second[old]!;
    }
  }
}
