// Full page loads, behind one object so tests can watch them (jsdom cannot navigate).
export const browser = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};
