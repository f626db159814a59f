export function App() {
  return <main className="p-8 text-2xl font-semibold text-brand-700">Nhà Sách</main>;
}
