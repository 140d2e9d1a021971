export interface DeliveryAnswer<T> {
  data: T;
  keys: string[];
  next: Date | null;
}
