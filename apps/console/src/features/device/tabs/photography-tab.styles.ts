import { makeStyles, tokens } from '@fluentui/react-components';

export const usePhotographyTabStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  fileInput: { display: 'none' },
  grid: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
});

export const usePhotoCardStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden',
  },
  figure: { margin: 0, display: 'flex', flexDirection: 'column', flexGrow: 1 },
  frame: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    aspectRatio: '4 / 3',
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground3,
  },
  link: { display: 'block' },
  // The image keeps the frame's shape whatever its own; cropped, not stretched.
  image: {
    display: 'block',
    width: '100%',
    aspectRatio: '4 / 3',
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  caption: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS} 0`,
    overflowWrap: 'anywhere',
  },
  meta: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', justifyContent: 'flex-end', padding: tokens.spacingVerticalXS },
});
