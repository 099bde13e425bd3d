// The design system. Import what a screen needs from 'src/ui' (icons from 'src/ui/icons').
export { BottomSheet } from './BottomSheet';
export { Button, type ButtonSize, type ButtonVariant, buttonClass, IconButton } from './Button';
export { Card } from './Card';
export { Chip, ChipGroup, chipClass } from './Chip';
export { cx } from './cx';
export { Dialog } from './Dialog';
export { EmptyState } from './EmptyState';
export * from './form';
export { List, ListItem, type RowProps } from './ListItem';
export { Money } from './Money';
export { Notice, type Tone } from './Notice';
export { Page, PageActions, Section } from './Page';
export { RadioList, RadioOption } from './RadioList';
export { Loading, Skeleton, SkeletonList, SkeletonText } from './Skeleton';
export { Spinner } from './Spinner';
export { type DeviceStatus, StatusBadge } from './StatusBadge';
export { Toaster } from './Toaster';
export { toast } from './toast-store';
