/** Whole numbers only, as typed (duration, capacity, a plan group's quantity). */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '').slice(0, 5);
}
