export function Logo({ size = 72 }: { size?: number }) {
  return <img src="/icons/favicon.svg" width={size} height={size} alt="Forecourt Pay" />;
}
