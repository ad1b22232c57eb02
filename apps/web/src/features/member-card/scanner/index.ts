/**
 * The merchant's member-card scanner, apart from the member-card barrel: the customer area
 * imports that barrel, and must not pull the scanner (and its words) into its pages.
 */
export { ScanCardButton } from "./scan-card-button";
