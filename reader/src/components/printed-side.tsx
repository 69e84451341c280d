/** The id of the column beside the text where a wide screen shows the printed page. */
export const PRINTED_SIDE_ID = 'printed-side';

/** Wide screens: below 1200 px the printed page opens in a dialog instead. */
export const SIDE_BY_SIDE_QUERY = '(min-width: 1200px)';

/**
 * The column beside a poem's text that the printed page opens into on a wide screen (as
 * Wikisource sets the scan beside its transcription). Empty, it takes no room.
 */
export function PrintedSide() {
  return <div id={PRINTED_SIDE_ID} className="printed-side" />;
}
