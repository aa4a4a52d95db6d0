/** A row of a plain list of records: its parts wrap on a phone, and a rule divides it from the one above. */
export const listRowSx = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 1,
  alignItems: 'center',
  py: 1.5,
  borderTop: 1,
  borderColor: 'divider',
  '&:first-of-type': { borderTop: 0 },
} as const;
