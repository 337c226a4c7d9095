import { isInStock } from "./availability";

/** Consecutive sold cars collapse to the first of the run; if every car is sold, all are kept. */
export function collapseConsecutiveSold<T extends { status: string }>(cars: readonly T[]): T[] {
  if (cars.every((car) => !isInStock(car.status))) return [...cars];
  return cars.filter((car, index) => isInStock(car.status) || index === 0 || isInStock((cars[index - 1] as T).status));
}
