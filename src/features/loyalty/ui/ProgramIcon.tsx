import { StarIcon } from '../../../ui/icons';

/** A program's icon, or a generic star (a failed load falls back too). */
export function ProgramIcon({ icon }: { icon: string | null }) {
  if (!icon) return <StarIcon size={20} />;
  return (
    <img
      src={icon}
      alt=""
      width={28}
      height={28}
      className="loyalty-icon"
      onError={(e) => {
        e.currentTarget.style.visibility = 'hidden';
      }}
    />
  );
}
