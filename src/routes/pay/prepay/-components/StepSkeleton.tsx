import { Loading, Page, SkeletonList, SkeletonText } from '../../../../ui';

/** A step of the prepay flow while its station loads: the heading's and the choices' shapes. */
export function StepSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Page>
      <Loading>
        <SkeletonText lines={1} />
        <SkeletonText lines={1} size="title" />
        <SkeletonList rows={rows} />
      </Loading>
    </Page>
  );
}
