export interface CartLine {
  productId: string;
  size: string;
  productName: string;
  quantity: number;
  total: number;
}
