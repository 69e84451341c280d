import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** What the guard shows while it validates the session with the server (SPEC section 4). */
export function ValidatingSession() {
  return (
    <Box component="main" aria-busy="true" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography color="text.secondary">{useTranslate()('archive.session.validating')}</Typography>
      </Box>
    </Box>
  );
}
