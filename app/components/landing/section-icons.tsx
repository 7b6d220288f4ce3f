// Icons only the marketing sections draw; not in the sprite.
import { Svg, type IconProps } from "./icons";

const pathIcon = (d: string) =>
  function PathIcon(p: IconProps) {
    return (
      <Svg {...p}>
        <path d={d} />
      </Svg>
    );
  };

export const ArrowRightIcon = pathIcon("M5 12h14M13 5l7 7-7 7");
export const ChatIcon = pathIcon("M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z");
export const BookIcon = pathIcon(
  "M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5",
);
export const UsersIcon = pathIcon(
  "M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M5 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0M23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8",
);
export const MegaphoneIcon = pathIcon(
  "M3 11v2a1 1 0 0 0 1 1h3l5 4V6L7 10H4a1 1 0 0 0-1 1zM16 8a5 5 0 0 1 0 8M19 5a9 9 0 0 1 0 14",
);
export const HandshakeIcon = pathIcon(
  "M11 17l2 2a1 1 0 0 0 3-3M14 14l2.5 2.5a1 1 0 0 0 3-3l-3.9-3.9a3 3 0 0 0-4.2 0l-.9.9a1 1 0 0 1-3-3l2.8-2.8a5 5 0 0 1 6 .8L21 9M3 13l5 5M3 7l3-3 3 1",
);
export const WrenchIcon = pathIcon(
  "M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9z",
);
export const PenIcon = pathIcon("M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z");
export const ClipboardIcon = pathIcon(
  "M9 2h6a1 1 0 0 1 1 1v2a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2M9 14l2 2 4-4",
);
export const CartIcon = pathIcon(
  "M8 21a1 1 0 1 0 2 0a1 1 0 1 0-2 0M19 21a1 1 0 1 0 2 0a1 1 0 1 0-2 0M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6",
);
export const ChartIcon = pathIcon("M3 3v18h18M7 15l4-4 3 3 5-6");
export const ShieldIcon = pathIcon("M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4");
export const LockIcon = pathIcon(
  "M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM7 11V7a5 5 0 0 1 10 0v4",
);
export const PlugIcon = pathIcon("M9 2v6M15 2v6M6 8h12v4a6 6 0 0 1-12 0zM12 18v4");
