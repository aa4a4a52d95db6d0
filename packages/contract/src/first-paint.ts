/**
 * The one inline script of the prerendered public pages. It runs in the page's head, before
 * anything is painted, and sets `<html lang>` to the language this device chose with the switch;
 * the page carries its prerendered top in every language and shows the one `lang` names, so a
 * Hindi visitor's first paint is already Hindi. The build writes this text into the pages and the
 * server's Content-Security-Policy allows exactly this text, by its SHA-256.
 */
import { LANGUAGES, LANGUAGE_STORAGE_KEY } from './language';

export const FIRST_PAINT_LANGUAGE_SCRIPT =
  `try{var l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)});` +
  `if(${JSON.stringify(LANGUAGES)}.indexOf(l)>=0)document.documentElement.lang=l}catch(e){}`;
