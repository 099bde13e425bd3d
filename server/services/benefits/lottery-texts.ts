// The demo lottery's texts in the nine languages (German and Dutch formal). Seeded with the lottery (seed-lottery.ts).
import type { LotteryTexts } from '../../db/schema';

export const DEMO_LOTTERY_TEXTS: Record<string, LotteryTexts> = {
  en: {
    title: 'Monthly fuel lottery',
    description: 'Join once and every paid fuelling this month is a ticket in the draw.',
    prize: '500 € of free fuel, plus 10 car washes',
    terms: 'I agree that my fuellings this month take part in the draw and that I am contacted by e-mail if I win.',
  },
  de: {
    title: 'Monatliche Tankverlosung',
    description: 'Einmal teilnehmen, und jede bezahlte Tankung in diesem Monat ist ein Los in der Verlosung.',
    prize: '500 € Gratis-Kraftstoff und 10 Autowäschen',
    terms:
      'Ich bin einverstanden, dass meine Tankungen dieses Monats an der Verlosung teilnehmen und ich im Gewinnfall per E-Mail benachrichtigt werde.',
  },
  nl: {
    title: 'Maandelijkse tankloterij',
    description: 'Doe één keer mee en elke betaalde tankbeurt deze maand is een lot in de trekking.',
    prize: '€ 500 gratis brandstof en 10 autowasbeurten',
    terms:
      'Ik ga ermee akkoord dat mijn tankbeurten van deze maand meedoen aan de trekking en dat ik per e-mail word bericht als ik win.',
  },
  fr: {
    title: 'Loterie carburant du mois',
    description: 'Inscrivez-vous une fois : chaque plein payé ce mois-ci compte comme un billet pour le tirage.',
    prize: '500 € de carburant offert et 10 lavages',
    terms: 'J’accepte que mes pleins de ce mois participent au tirage et d’être contacté par e-mail si je gagne.',
  },
  it: {
    title: 'Lotteria carburante del mese',
    description: 'Partecipa una volta: ogni rifornimento pagato questo mese è un biglietto per l’estrazione.',
    prize: '500 € di carburante gratis e 10 lavaggi',
    terms:
      'Accetto che i miei rifornimenti di questo mese partecipino all’estrazione e di essere contattato via e-mail in caso di vincita.',
  },
  es: {
    title: 'Sorteo mensual de combustible',
    description: 'Participa una vez y cada repostaje pagado este mes es una papeleta para el sorteo.',
    prize: '500 € de combustible gratis y 10 lavados',
    terms:
      'Acepto que mis repostajes de este mes participen en el sorteo y que se me contacte por correo electrónico si gano.',
  },
  pt: {
    title: 'Sorteio mensal de combustível',
    description: 'Participe uma vez e cada abastecimento pago este mês é um bilhete para o sorteio.',
    prize: '500 € de combustível grátis e 10 lavagens',
    terms: 'Aceito que os meus abastecimentos deste mês participem no sorteio e ser contactado por e-mail se ganhar.',
  },
  da: {
    title: 'Månedens brændstoflotteri',
    description: 'Tilmeld dig én gang, så er hver betalt tankning i denne måned et lod i lodtrækningen.',
    prize: '500 € i gratis brændstof og 10 bilvaske',
    terms:
      'Jeg accepterer, at mine tankninger i denne måned deltager i lodtrækningen, og at jeg kontaktes via e-mail, hvis jeg vinder.',
  },
  pl: {
    title: 'Miesięczna loteria paliwowa',
    description: 'Dołącz raz, a każde opłacone tankowanie w tym miesiącu to los w losowaniu.',
    prize: '500 € na darmowe paliwo i 10 myć samochodu',
    terms:
      'Zgadzam się, aby moje tankowania w tym miesiącu brały udział w losowaniu i aby w razie wygranej skontaktowano się ze mną e-mailem.',
  },
};
