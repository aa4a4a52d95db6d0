/** Money: rupees (≤ 2 decimals) in JSON, integer paise in the database — converted only here. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => Number(paise) / 100;
