import { cn } from "@/lib/shared/class-names";

/**
 * The wallet avatar: the first two hex digits after "0x", upper-cased (the spec's "first two
 * characters of the address", read past the 0x every address starts with), on a colour taken
 * from the address so different accounts look different.
 */
export function AddressAvatar({ address, size = 32, className }: { address: string; size?: number; className?: string }) {
  const hue = parseInt(address.slice(2, 8), 16) % 360;
  return (
    <span
      aria-hidden
      className={cn("inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white", className)}
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.4),
        background: `linear-gradient(135deg, hsl(${hue} 70% 45%), hsl(${(hue + 60) % 360} 70% 35%))`,
      }}
    >
      {avatarInitials(address)}
    </span>
  );
}

export function avatarInitials(address: string): string {
  return address.slice(2, 4).toUpperCase();
}
