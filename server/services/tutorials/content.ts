// The tutorial site's content (shell-and-account.md §3 Tutorial, §2.4 "Tutorials: topics and tutorials"): six topics,
// one tutorial each, written in the nine languages of §9 (German and Dutch formal). Served by GET tutorial_topic and
// GET tutorial?tutorial_topic; a language without a text falls back to English (content.test keeps all nine complete).
import type { TutorialLanguage, TutorialTopicIcon } from '../../../contract/tutorials';

export type TopicText = {
  title: string;
  description: string;
  tutorialTitle: string;
  steps: [title: string, text: string][];
};

export type TopicContent = { id: string; icon: TutorialTopicIcon; texts: Record<TutorialLanguage, TopicText> };

export const TUTORIAL_TOPICS: TopicContent[] = [
  {
    id: 'prepay',
    icon: 'fuel',
    texts: {
      en: {
        title: 'Pay before you fuel',
        description: 'Choose an amount, pay in the app, then fuel up to that amount.',
        tutorialTitle: 'Fuelling with prepay',
        steps: [
          ['Choose your pump', 'Stand at the pump, open the app and pick the number shown on the pump.'],
          [
            'Choose fuel and amount',
            'Pick the fuel and the most you want to spend. Only this amount is held on your card.',
          ],
          ['Pay and fuel', 'Confirm the payment. When the pump is released, lift the nozzle and fuel.'],
          ['Get your receipt', 'Hang up the nozzle. You pay only what you fuelled; the rest of the hold is released.'],
        ],
      },
      de: {
        title: 'Vor dem Tanken bezahlen',
        description: 'Wählen Sie einen Betrag, bezahlen Sie in der App und tanken Sie bis zu diesem Betrag.',
        tutorialTitle: 'Tanken mit Vorauszahlung',
        steps: [
          [
            'Zapfsäule wählen',
            'Stellen Sie sich an die Zapfsäule, öffnen Sie die App und wählen Sie die Nummer der Säule.',
          ],
          [
            'Kraftstoff und Betrag wählen',
            'Wählen Sie den Kraftstoff und den Höchstbetrag. Nur dieser Betrag wird auf Ihrer Karte reserviert.',
          ],
          [
            'Bezahlen und tanken',
            'Bestätigen Sie die Zahlung. Sobald die Säule freigegeben ist, heben Sie die Zapfpistole ab und tanken.',
          ],
          [
            'Beleg erhalten',
            'Hängen Sie die Zapfpistole ein. Sie zahlen nur, was Sie getankt haben; der Rest der Reservierung wird freigegeben.',
          ],
        ],
      },
      nl: {
        title: 'Betalen vóór het tanken',
        description: 'Kies een bedrag, betaal in de app en tank tot dat bedrag.',
        tutorialTitle: 'Tanken met vooruitbetaling',
        steps: [
          ['Kies uw pomp', 'Ga bij de pomp staan, open de app en kies het nummer dat op de pomp staat.'],
          [
            'Kies brandstof en bedrag',
            'Kies de brandstof en het maximale bedrag. Alleen dit bedrag wordt op uw kaart gereserveerd.',
          ],
          ['Betaal en tank', 'Bevestig de betaling. Zodra de pomp is vrijgegeven, neemt u het pistool op en tankt u.'],
          [
            'Ontvang uw bon',
            'Hang het pistool terug. U betaalt alleen wat u hebt getankt; de rest van de reservering wordt vrijgegeven.',
          ],
        ],
      },
      fr: {
        title: 'Payer avant de faire le plein',
        description: 'Choisissez un montant, payez dans l’app, puis faites le plein jusqu’à ce montant.',
        tutorialTitle: 'Faire le plein en prépaiement',
        steps: [
          [
            'Choisissez votre pompe',
            'Placez-vous à la pompe, ouvrez l’app et choisissez le numéro indiqué sur la pompe.',
          ],
          [
            'Choisissez carburant et montant',
            'Choisissez le carburant et le montant maximal. Seul ce montant est bloqué sur votre carte.',
          ],
          [
            'Payez et servez-vous',
            'Confirmez le paiement. Dès que la pompe est libérée, décrochez le pistolet et faites le plein.',
          ],
          [
            'Recevez votre reçu',
            'Raccrochez le pistolet. Vous ne payez que ce que vous avez pris ; le reste du blocage est libéré.',
          ],
        ],
      },
      it: {
        title: 'Pagare prima del rifornimento',
        description: 'Scegli un importo, paga nell’app e fai rifornimento fino a quell’importo.',
        tutorialTitle: 'Rifornimento con prepagamento',
        steps: [
          ['Scegli la pompa', 'Fermati alla pompa, apri l’app e scegli il numero indicato sulla pompa.'],
          [
            'Scegli carburante e importo',
            'Scegli il carburante e l’importo massimo. Solo questo importo viene bloccato sulla tua carta.',
          ],
          [
            'Paga e fai rifornimento',
            'Conferma il pagamento. Quando la pompa è sbloccata, solleva la pistola e fai rifornimento.',
          ],
          [
            'Ricevi la ricevuta',
            'Riaggancia la pistola. Paghi solo ciò che hai erogato; il resto del blocco viene rilasciato.',
          ],
        ],
      },
      es: {
        title: 'Pagar antes de repostar',
        description: 'Elige un importe, paga en la app y reposta hasta ese importe.',
        tutorialTitle: 'Repostar con prepago',
        steps: [
          [
            'Elige tu surtidor',
            'Colócate junto al surtidor, abre la app y elige el número que aparece en el surtidor.',
          ],
          [
            'Elige combustible e importe',
            'Elige el combustible y el importe máximo. Solo se retiene este importe en tu tarjeta.',
          ],
          ['Paga y reposta', 'Confirma el pago. Cuando el surtidor quede liberado, descuelga la manguera y reposta.'],
          [
            'Recibe tu recibo',
            'Cuelga la manguera. Solo pagas lo que has repostado; el resto de la retención se libera.',
          ],
        ],
      },
      pt: {
        title: 'Pagar antes de abastecer',
        description: 'Escolha um valor, pague na app e abasteça até esse valor.',
        tutorialTitle: 'Abastecer com pré-pagamento',
        steps: [
          ['Escolha a bomba', 'Pare junto à bomba, abra a app e escolha o número indicado na bomba.'],
          [
            'Escolha combustível e valor',
            'Escolha o combustível e o valor máximo. Só este valor fica cativo no seu cartão.',
          ],
          ['Pague e abasteça', 'Confirme o pagamento. Quando a bomba for libertada, levante a pistola e abasteça.'],
          ['Receba o recibo', 'Pouse a pistola. Paga apenas o que abasteceu; o resto da cativação é libertado.'],
        ],
      },
      da: {
        title: 'Betal før du tanker',
        description: 'Vælg et beløb, betal i appen, og tank op til det beløb.',
        tutorialTitle: 'Tankning med forudbetaling',
        steps: [
          ['Vælg standeren', 'Stil dig ved standeren, åbn appen, og vælg nummeret på standeren.'],
          ['Vælg brændstof og beløb', 'Vælg brændstof og det højeste beløb. Kun dette beløb reserveres på dit kort.'],
          ['Betal og tank', 'Bekræft betalingen. Når standeren er frigivet, løfter du pistolen og tanker.'],
          [
            'Få din kvittering',
            'Sæt pistolen på plads. Du betaler kun for det, du har tanket; resten af reservationen frigives.',
          ],
        ],
      },
      pl: {
        title: 'Zapłać przed tankowaniem',
        description: 'Wybierz kwotę, zapłać w aplikacji i tankuj do tej kwoty.',
        tutorialTitle: 'Tankowanie z przedpłatą',
        steps: [
          [
            'Wybierz dystrybutor',
            'Stań przy dystrybutorze, otwórz aplikację i wybierz numer widoczny na dystrybutorze.',
          ],
          ['Wybierz paliwo i kwotę', 'Wybierz paliwo i kwotę maksymalną. Na karcie blokowana jest tylko ta kwota.'],
          ['Zapłać i tankuj', 'Potwierdź płatność. Gdy dystrybutor zostanie odblokowany, podnieś pistolet i tankuj.'],
          [
            'Odbierz paragon',
            'Odwieś pistolet. Płacisz tylko za zatankowane paliwo; reszta blokady zostaje zwolniona.',
          ],
        ],
      },
    },
  },
  {
    id: 'postpay',
    icon: 'receipt',
    texts: {
      en: {
        title: 'Fuel first, pay at the pump',
        description: 'Fuel as usual, then pay the amount on the pump in the app, without going to the till.',
        tutorialTitle: 'Paying after fuelling',
        steps: [
          ['Fuel as usual', 'Fuel your car and hang up the nozzle.'],
          ['Choose your pump', 'Open the app at the station and pick the pump you used. The app shows the amount due.'],
          ['Pay in the app', 'Check the amount and pay. Your receipt appears at once and stays in your history.'],
        ],
      },
      de: {
        title: 'Erst tanken, an der Säule bezahlen',
        description:
          'Tanken Sie wie gewohnt und bezahlen Sie den Betrag der Säule in der App, ohne zur Kasse zu gehen.',
        tutorialTitle: 'Nach dem Tanken bezahlen',
        steps: [
          ['Wie gewohnt tanken', 'Tanken Sie Ihr Fahrzeug und hängen Sie die Zapfpistole ein.'],
          [
            'Zapfsäule wählen',
            'Öffnen Sie an der Tankstelle die App und wählen Sie die genutzte Säule. Die App zeigt den offenen Betrag.',
          ],
          [
            'In der App bezahlen',
            'Prüfen Sie den Betrag und bezahlen Sie. Ihr Beleg erscheint sofort und bleibt in Ihrem Verlauf.',
          ],
        ],
      },
      nl: {
        title: 'Eerst tanken, betalen bij de pomp',
        description: 'Tank zoals gewoonlijk en betaal het bedrag van de pomp in de app, zonder naar de kassa te gaan.',
        tutorialTitle: 'Betalen na het tanken',
        steps: [
          ['Tank zoals gewoonlijk', 'Tank uw auto en hang het pistool terug.'],
          [
            'Kies uw pomp',
            'Open de app bij het station en kies de pomp die u hebt gebruikt. De app toont het te betalen bedrag.',
          ],
          [
            'Betaal in de app',
            'Controleer het bedrag en betaal. Uw bon verschijnt meteen en blijft in uw geschiedenis.',
          ],
        ],
      },
      fr: {
        title: 'Faire le plein, puis payer à la pompe',
        description:
          'Faites le plein comme d’habitude, puis payez le montant de la pompe dans l’app, sans passer en caisse.',
        tutorialTitle: 'Payer après le plein',
        steps: [
          ['Faites le plein', 'Faites le plein de votre véhicule et raccrochez le pistolet.'],
          [
            'Choisissez votre pompe',
            'Ouvrez l’app à la station et choisissez la pompe utilisée. L’app affiche le montant dû.',
          ],
          [
            'Payez dans l’app',
            'Vérifiez le montant et payez. Votre reçu s’affiche aussitôt et reste dans votre historique.',
          ],
        ],
      },
      it: {
        title: 'Prima rifornisci, poi paghi alla pompa',
        description: 'Fai rifornimento come sempre e paga l’importo della pompa nell’app, senza andare in cassa.',
        tutorialTitle: 'Pagare dopo il rifornimento',
        steps: [
          ['Rifornisci come sempre', 'Fai rifornimento e riaggancia la pistola.'],
          ['Scegli la pompa', 'Apri l’app alla stazione e scegli la pompa usata. L’app mostra l’importo da pagare.'],
          ['Paga nell’app', 'Controlla l’importo e paga. La ricevuta appare subito e resta nella tua cronologia.'],
        ],
      },
      es: {
        title: 'Primero repostas, pagas en el surtidor',
        description: 'Reposta como siempre y paga el importe del surtidor en la app, sin pasar por caja.',
        tutorialTitle: 'Pagar después de repostar',
        steps: [
          ['Reposta como siempre', 'Reposta tu vehículo y cuelga la manguera.'],
          [
            'Elige tu surtidor',
            'Abre la app en la estación y elige el surtidor que has usado. La app muestra el importe a pagar.',
          ],
          ['Paga en la app', 'Comprueba el importe y paga. Tu recibo aparece al momento y queda en tu historial.'],
        ],
      },
      pt: {
        title: 'Abasteça primeiro, pague na bomba',
        description: 'Abasteça como sempre e pague o valor da bomba na app, sem ir à caixa.',
        tutorialTitle: 'Pagar depois de abastecer',
        steps: [
          ['Abasteça como sempre', 'Abasteça o seu veículo e pouse a pistola.'],
          ['Escolha a bomba', 'Abra a app no posto e escolha a bomba que utilizou. A app mostra o valor a pagar.'],
          ['Pague na app', 'Confirme o valor e pague. O recibo aparece de imediato e fica no seu histórico.'],
        ],
      },
      da: {
        title: 'Tank først, betal ved standeren',
        description: 'Tank som normalt, og betal standerens beløb i appen uden at gå til kassen.',
        tutorialTitle: 'Betaling efter tankning',
        steps: [
          ['Tank som normalt', 'Tank bilen, og sæt pistolen på plads.'],
          ['Vælg standeren', 'Åbn appen på tankstationen, og vælg den stander, du brugte. Appen viser beløbet.'],
          ['Betal i appen', 'Tjek beløbet, og betal. Kvitteringen vises med det samme og gemmes i din historik.'],
        ],
      },
      pl: {
        title: 'Najpierw tankuj, zapłać przy dystrybutorze',
        description: 'Tankuj jak zwykle i zapłać kwotę z dystrybutora w aplikacji, bez chodzenia do kasy.',
        tutorialTitle: 'Płatność po tankowaniu',
        steps: [
          ['Tankuj jak zwykle', 'Zatankuj pojazd i odwieś pistolet.'],
          [
            'Wybierz dystrybutor',
            'Otwórz aplikację na stacji i wybierz użyty dystrybutor. Aplikacja pokaże kwotę do zapłaty.',
          ],
          ['Zapłać w aplikacji', 'Sprawdź kwotę i zapłać. Paragon pojawi się od razu i zostanie w historii.'],
        ],
      },
    },
  },
  {
    id: 'car-wash',
    icon: 'wash',
    texts: {
      en: {
        title: 'Car wash with a wash code',
        description: 'Buy a wash in the app and start it with the code or QR, even without signal.',
        tutorialTitle: 'Buying and using a wash code',
        steps: [
          ['Choose a programme', 'At a station with a car wash, open Car wash and pick the programme you want.'],
          ['Pay', 'Pay in the app. You get a wash code with a QR code and its expiry date.'],
          [
            'Start the wash',
            'At the wash terminal, type the code or hold the QR up to the scanner. Your codes stay under Profile › Wash tickets, also offline.',
          ],
        ],
      },
      de: {
        title: 'Waschanlage mit Waschcode',
        description: 'Kaufen Sie eine Wäsche in der App und starten Sie sie mit Code oder QR-Code, auch ohne Empfang.',
        tutorialTitle: 'Waschcode kaufen und einlösen',
        steps: [
          [
            'Programm wählen',
            'Öffnen Sie an einer Tankstelle mit Waschanlage „Autowäsche“ und wählen Sie das gewünschte Programm.',
          ],
          ['Bezahlen', 'Bezahlen Sie in der App. Sie erhalten einen Waschcode mit QR-Code und Ablaufdatum.'],
          [
            'Wäsche starten',
            'Geben Sie am Waschterminal den Code ein oder halten Sie den QR-Code an den Scanner. Ihre Codes finden Sie unter Profil › Waschtickets, auch offline.',
          ],
        ],
      },
      nl: {
        title: 'Wasstraat met een wascode',
        description: 'Koop een wasbeurt in de app en start die met de code of QR-code, ook zonder bereik.',
        tutorialTitle: 'Een wascode kopen en gebruiken',
        steps: [
          ['Kies een programma', 'Open bij een station met wasstraat „Autowassen” en kies het gewenste programma.'],
          ['Betaal', 'Betaal in de app. U ontvangt een wascode met QR-code en vervaldatum.'],
          [
            'Start de wasbeurt',
            'Typ de code in bij de wasterminal of houd de QR-code voor de scanner. Uw codes staan onder Profiel › Wastickets, ook offline.',
          ],
        ],
      },
      fr: {
        title: 'Lavage avec un code de lavage',
        description: 'Achetez un lavage dans l’app et lancez-le avec le code ou le QR, même sans réseau.',
        tutorialTitle: 'Acheter et utiliser un code de lavage',
        steps: [
          [
            'Choisissez un programme',
            'Dans une station avec portique de lavage, ouvrez Lavage et choisissez le programme.',
          ],
          ['Payez', 'Payez dans l’app. Vous recevez un code de lavage avec un QR et sa date d’expiration.'],
          [
            'Lancez le lavage',
            'À la borne, saisissez le code ou présentez le QR au lecteur. Vos codes restent dans Profil › Tickets de lavage, même hors ligne.',
          ],
        ],
      },
      it: {
        title: 'Autolavaggio con codice',
        description: 'Acquista un lavaggio nell’app e avvialo con il codice o il QR, anche senza segnale.',
        tutorialTitle: 'Acquistare e usare un codice di lavaggio',
        steps: [
          ['Scegli un programma', 'In una stazione con autolavaggio apri Autolavaggio e scegli il programma.'],
          ['Paga', 'Paga nell’app. Ricevi un codice di lavaggio con QR e data di scadenza.'],
          [
            'Avvia il lavaggio',
            'Al terminale digita il codice o avvicina il QR allo scanner. I tuoi codici restano in Profilo › Ticket di lavaggio, anche offline.',
          ],
        ],
      },
      es: {
        title: 'Lavado con código',
        description: 'Compra un lavado en la app e inícialo con el código o el QR, incluso sin cobertura.',
        tutorialTitle: 'Comprar y usar un código de lavado',
        steps: [
          ['Elige un programa', 'En una estación con túnel de lavado, abre Lavado y elige el programa.'],
          ['Paga', 'Paga en la app. Recibes un código de lavado con QR y su fecha de caducidad.'],
          [
            'Inicia el lavado',
            'En el terminal, teclea el código o acerca el QR al lector. Tus códigos quedan en Perfil › Tickets de lavado, también sin conexión.',
          ],
        ],
      },
      pt: {
        title: 'Lavagem com código',
        description: 'Compre uma lavagem na app e inicie-a com o código ou o QR, mesmo sem rede.',
        tutorialTitle: 'Comprar e usar um código de lavagem',
        steps: [
          ['Escolha um programa', 'Num posto com lavagem, abra Lavagem e escolha o programa.'],
          ['Pague', 'Pague na app. Recebe um código de lavagem com QR e data de validade.'],
          [
            'Inicie a lavagem',
            'No terminal, introduza o código ou aproxime o QR do leitor. Os seus códigos ficam em Perfil › Bilhetes de lavagem, também offline.',
          ],
        ],
      },
      da: {
        title: 'Bilvask med vaskekode',
        description: 'Køb en vask i appen, og start den med koden eller QR-koden, også uden signal.',
        tutorialTitle: 'Køb og brug af en vaskekode',
        steps: [
          ['Vælg et program', 'På en station med vaskehal åbner du Bilvask og vælger programmet.'],
          ['Betal', 'Betal i appen. Du får en vaskekode med QR-kode og udløbsdato.'],
          [
            'Start vasken',
            'Indtast koden ved vaskeautomaten, eller hold QR-koden op til scanneren. Dine koder ligger under Profil › Vaskebilletter, også offline.',
          ],
        ],
      },
      pl: {
        title: 'Myjnia z kodem',
        description: 'Kup mycie w aplikacji i uruchom je kodem lub kodem QR, także bez zasięgu.',
        tutorialTitle: 'Zakup i użycie kodu do myjni',
        steps: [
          ['Wybierz program', 'Na stacji z myjnią otwórz Myjnię i wybierz program.'],
          ['Zapłać', 'Zapłać w aplikacji. Otrzymasz kod do myjni z kodem QR i datą ważności.'],
          [
            'Uruchom mycie',
            'Przy terminalu wpisz kod lub przyłóż kod QR do skanera. Kody znajdziesz w Profil › Bilety do myjni, także offline.',
          ],
        ],
      },
    },
  },
  {
    id: 'ev-charging',
    icon: 'ev',
    texts: {
      en: {
        title: 'Charging your electric car',
        description: 'Start a charge at a charge point, follow it live and pay for the energy you used.',
        tutorialTitle: 'Charging with the app',
        steps: [
          ['Find a charge point', 'On the map, switch to EV and pick a charge point with your plug type.'],
          ['Start charging', 'Plug in and start in the app. A pre-authorisation is held on your card.'],
          [
            'Follow and stop',
            'The app shows energy and cost live. Stop in the app or unplug; you pay for the energy used and the rest is released.',
          ],
        ],
      },
      de: {
        title: 'Ihr Elektroauto laden',
        description: 'Starten Sie einen Ladevorgang, verfolgen Sie ihn live und bezahlen Sie die geladene Energie.',
        tutorialTitle: 'Laden mit der App',
        steps: [
          [
            'Ladepunkt finden',
            'Wechseln Sie auf der Karte zu „E-Laden“ und wählen Sie einen Ladepunkt mit Ihrem Steckertyp.',
          ],
          [
            'Laden starten',
            'Stecken Sie das Kabel ein und starten Sie in der App. Auf Ihrer Karte wird ein Betrag vorautorisiert.',
          ],
          [
            'Verfolgen und beenden',
            'Die App zeigt Energie und Kosten live. Beenden Sie in der App oder ziehen Sie den Stecker; Sie zahlen die geladene Energie, der Rest wird freigegeben.',
          ],
        ],
      },
      nl: {
        title: 'Uw elektrische auto laden',
        description: 'Start een laadsessie, volg die live en betaal voor de geladen energie.',
        tutorialTitle: 'Laden met de app',
        steps: [
          ['Zoek een laadpunt', 'Schakel op de kaart naar EV en kies een laadpunt met uw stekkertype.'],
          ['Start het laden', 'Steek de stekker in en start in de app. Er wordt een bedrag op uw kaart gereserveerd.'],
          [
            'Volg en stop',
            'De app toont energie en kosten live. Stop in de app of trek de stekker uit; u betaalt de geladen energie en de rest wordt vrijgegeven.',
          ],
        ],
      },
      fr: {
        title: 'Recharger votre voiture électrique',
        description: 'Lancez une recharge, suivez-la en direct et payez l’énergie consommée.',
        tutorialTitle: 'Recharger avec l’app',
        steps: [
          ['Trouvez une borne', 'Sur la carte, passez en mode VE et choisissez une borne avec votre type de prise.'],
          [
            'Lancez la recharge',
            'Branchez-vous et lancez la recharge dans l’app. Une pré-autorisation est bloquée sur votre carte.',
          ],
          [
            'Suivez et arrêtez',
            'L’app affiche l’énergie et le coût en direct. Arrêtez dans l’app ou débranchez ; vous payez l’énergie consommée et le reste est libéré.',
          ],
        ],
      },
      it: {
        title: 'Ricaricare l’auto elettrica',
        description: 'Avvia una ricarica, seguila in diretta e paga l’energia consumata.',
        tutorialTitle: 'Ricaricare con l’app',
        steps: [
          ['Trova una colonnina', 'Sulla mappa passa a EV e scegli una colonnina con il tuo tipo di presa.'],
          ['Avvia la ricarica', 'Collega il cavo e avvia nell’app. Sulla carta viene bloccata una preautorizzazione.'],
          [
            'Segui e interrompi',
            'L’app mostra energia e costo in diretta. Interrompi nell’app o scollega; paghi l’energia consumata e il resto viene rilasciato.',
          ],
        ],
      },
      es: {
        title: 'Cargar tu coche eléctrico',
        description: 'Inicia una carga, síguela en directo y paga la energía consumida.',
        tutorialTitle: 'Cargar con la app',
        steps: [
          ['Busca un punto de carga', 'En el mapa, cambia a VE y elige un punto de carga con tu tipo de conector.'],
          ['Inicia la carga', 'Conecta el cable e inicia en la app. Se retiene una preautorización en tu tarjeta.'],
          [
            'Sigue y detén',
            'La app muestra la energía y el coste en directo. Detén en la app o desconecta; pagas la energía consumida y el resto se libera.',
          ],
        ],
      },
      pt: {
        title: 'Carregar o seu carro elétrico',
        description: 'Inicie um carregamento, acompanhe-o em direto e pague a energia consumida.',
        tutorialTitle: 'Carregar com a app',
        steps: [
          ['Encontre um posto de carregamento', 'No mapa, mude para VE e escolha um posto com o seu tipo de ficha.'],
          ['Inicie o carregamento', 'Ligue o cabo e inicie na app. É cativada uma pré-autorização no seu cartão.'],
          [
            'Acompanhe e pare',
            'A app mostra a energia e o custo em direto. Pare na app ou desligue; paga a energia consumida e o resto é libertado.',
          ],
        ],
      },
      da: {
        title: 'Opladning af din elbil',
        description: 'Start en opladning, følg den live, og betal for den strøm, du har brugt.',
        tutorialTitle: 'Opladning med appen',
        steps: [
          ['Find en ladestander', 'Skift til EV på kortet, og vælg en ladestander med dit stiktype.'],
          ['Start opladningen', 'Sæt stikket i, og start i appen. Et beløb forhåndsgodkendes på dit kort.'],
          [
            'Følg og stop',
            'Appen viser strøm og pris live. Stop i appen eller tag stikket ud; du betaler for den brugte strøm, og resten frigives.',
          ],
        ],
      },
      pl: {
        title: 'Ładowanie samochodu elektrycznego',
        description: 'Rozpocznij ładowanie, śledź je na żywo i zapłać za zużytą energię.',
        tutorialTitle: 'Ładowanie z aplikacją',
        steps: [
          ['Znajdź punkt ładowania', 'Na mapie przełącz na EV i wybierz punkt ładowania z Twoim typem złącza.'],
          [
            'Rozpocznij ładowanie',
            'Podłącz kabel i rozpocznij w aplikacji. Na karcie blokowana jest kwota wstępnej autoryzacji.',
          ],
          [
            'Śledź i zakończ',
            'Aplikacja pokazuje energię i koszt na żywo. Zakończ w aplikacji lub odłącz kabel; płacisz za zużytą energię, a reszta zostaje zwolniona.',
          ],
        ],
      },
    },
  },
  {
    id: 'payment-methods',
    icon: 'wallet',
    texts: {
      en: {
        title: 'Payment methods',
        description: 'Add a card or wallet once, choose your preferred one and protect payments with a PIN.',
        tutorialTitle: 'Setting up how you pay',
        steps: [
          [
            'Add a method',
            'Go to Profile › Payment methods and add a card, PayPal, MB WAY or a fuel card. Card numbers are entered on the payment provider’s secure page.',
          ],
          ['Choose your preferred one', 'Mark one method as preferred; it is chosen for you at every payment.'],
          ['Protect your payments', 'Set a payment PIN or use your fingerprint or face where your phone supports it.'],
        ],
      },
      de: {
        title: 'Zahlungsmittel',
        description:
          'Hinterlegen Sie einmal eine Karte oder Wallet, wählen Sie Ihr bevorzugtes Zahlungsmittel und schützen Sie Zahlungen mit einer PIN.',
        tutorialTitle: 'So richten Sie Ihre Zahlung ein',
        steps: [
          [
            'Zahlungsmittel hinzufügen',
            'Gehen Sie zu Profil › Zahlungsmittel und fügen Sie eine Karte, PayPal, MB WAY oder eine Tankkarte hinzu. Kartennummern geben Sie auf der sicheren Seite des Zahlungsanbieters ein.',
          ],
          [
            'Bevorzugtes wählen',
            'Markieren Sie ein Zahlungsmittel als bevorzugt; es wird bei jeder Zahlung für Sie ausgewählt.',
          ],
          [
            'Zahlungen schützen',
            'Legen Sie eine Zahlungs-PIN fest oder nutzen Sie Fingerabdruck oder Gesicht, wo Ihr Telefon es unterstützt.',
          ],
        ],
      },
      nl: {
        title: 'Betaalmethoden',
        description:
          'Voeg eenmalig een kaart of wallet toe, kies uw voorkeursmethode en beveilig betalingen met een pincode.',
        tutorialTitle: 'Uw betaling instellen',
        steps: [
          [
            'Voeg een methode toe',
            'Ga naar Profiel › Betaalmethoden en voeg een kaart, PayPal, MB WAY of tankpas toe. Kaartnummers voert u in op de beveiligde pagina van de betaalprovider.',
          ],
          ['Kies uw voorkeur', 'Markeer één methode als voorkeur; die wordt bij elke betaling voor u gekozen.'],
          [
            'Beveilig uw betalingen',
            'Stel een betaalpincode in of gebruik uw vingerafdruk of gezicht als uw telefoon dat ondersteunt.',
          ],
        ],
      },
      fr: {
        title: 'Moyens de paiement',
        description:
          'Ajoutez une fois une carte ou un portefeuille, choisissez votre moyen préféré et protégez vos paiements par un code PIN.',
        tutorialTitle: 'Configurer votre paiement',
        steps: [
          [
            'Ajoutez un moyen',
            'Allez dans Profil › Moyens de paiement et ajoutez une carte, PayPal, MB WAY ou une carte carburant. Le numéro de carte se saisit sur la page sécurisée du prestataire.',
          ],
          ['Choisissez votre préféré', 'Marquez un moyen comme préféré ; il est choisi pour vous à chaque paiement.'],
          [
            'Protégez vos paiements',
            'Définissez un code PIN de paiement ou utilisez votre empreinte ou votre visage si votre téléphone le permet.',
          ],
        ],
      },
      it: {
        title: 'Metodi di pagamento',
        description:
          'Aggiungi una volta una carta o un wallet, scegli il metodo preferito e proteggi i pagamenti con un PIN.',
        tutorialTitle: 'Configurare il pagamento',
        steps: [
          [
            'Aggiungi un metodo',
            'Vai a Profilo › Metodi di pagamento e aggiungi una carta, PayPal, MB WAY o una carta carburante. Il numero della carta si inserisce sulla pagina sicura del fornitore.',
          ],
          ['Scegli il preferito', 'Segna un metodo come preferito; viene scelto per te a ogni pagamento.'],
          ['Proteggi i pagamenti', 'Imposta un PIN di pagamento o usa impronta o volto se il telefono lo supporta.'],
        ],
      },
      es: {
        title: 'Métodos de pago',
        description:
          'Añade una vez una tarjeta o un monedero, elige tu método preferido y protege los pagos con un PIN.',
        tutorialTitle: 'Configurar tu forma de pago',
        steps: [
          [
            'Añade un método',
            'Ve a Perfil › Métodos de pago y añade una tarjeta, PayPal, MB WAY o una tarjeta de combustible. El número de tarjeta se introduce en la página segura del proveedor.',
          ],
          ['Elige tu preferido', 'Marca un método como preferido; se elige por ti en cada pago.'],
          ['Protege tus pagos', 'Define un PIN de pago o usa tu huella o tu cara si tu teléfono lo admite.'],
        ],
      },
      pt: {
        title: 'Métodos de pagamento',
        description:
          'Adicione uma vez um cartão ou carteira, escolha o método preferido e proteja os pagamentos com um PIN.',
        tutorialTitle: 'Configurar o pagamento',
        steps: [
          [
            'Adicione um método',
            'Vá a Perfil › Métodos de pagamento e adicione um cartão, PayPal, MB WAY ou cartão de combustível. O número do cartão é introduzido na página segura do fornecedor.',
          ],
          ['Escolha o preferido', 'Marque um método como preferido; é escolhido por si em cada pagamento.'],
          [
            'Proteja os pagamentos',
            'Defina um PIN de pagamento ou use a impressão digital ou o rosto, se o telemóvel o permitir.',
          ],
        ],
      },
      da: {
        title: 'Betalingsmetoder',
        description:
          'Tilføj et kort eller en wallet én gang, vælg din foretrukne metode, og beskyt betalinger med en pinkode.',
        tutorialTitle: 'Opsætning af betaling',
        steps: [
          [
            'Tilføj en metode',
            'Gå til Profil › Betalingsmetoder, og tilføj et kort, PayPal, MB WAY eller et brændstofkort. Kortnummeret indtastes på betalingsudbyderens sikre side.',
          ],
          ['Vælg din foretrukne', 'Markér én metode som foretrukken; den vælges for dig ved hver betaling.'],
          [
            'Beskyt dine betalinger',
            'Opret en betalingspinkode, eller brug fingeraftryk eller ansigt, hvor din telefon understøtter det.',
          ],
        ],
      },
      pl: {
        title: 'Metody płatności',
        description: 'Dodaj raz kartę lub portfel, wybierz preferowaną metodę i chroń płatności kodem PIN.',
        tutorialTitle: 'Konfiguracja płatności',
        steps: [
          [
            'Dodaj metodę',
            'Przejdź do Profil › Metody płatności i dodaj kartę, PayPal, MB WAY lub kartę paliwową. Numer karty wpisujesz na bezpiecznej stronie operatora płatności.',
          ],
          ['Wybierz preferowaną', 'Oznacz jedną metodę jako preferowaną; będzie wybierana przy każdej płatności.'],
          ['Chroń płatności', 'Ustaw PIN do płatności lub użyj odcisku palca albo twarzy, jeśli telefon to obsługuje.'],
        ],
      },
    },
  },
  {
    id: 'vouchers',
    icon: 'ticket',
    texts: {
      en: {
        title: 'Vouchers and discounts',
        description: 'Add a voucher code, switch your vouchers on or off and see the discount before you pay.',
        tutorialTitle: 'Saving with vouchers',
        steps: [
          [
            'Add a code',
            'Go to Profile › Vouchers, tap “Add a voucher code” and enter the code from your voucher, for example WELCOME10.',
          ],
          [
            'Switch a voucher on or off',
            'Open a voucher to see its discount and how long it is valid. Switch it off to keep it for a later visit.',
          ],
          [
            'See the discount before you pay',
            'The payment summary lists the discounts of your active vouchers and the price after them.',
          ],
          [
            'Check your receipt',
            'Your receipt shows the same discount as the summary. A voucher that is used up is marked Used.',
          ],
        ],
      },
      de: {
        title: 'Gutscheine und Rabatte',
        description:
          'Fügen Sie einen Gutscheincode hinzu, schalten Sie Ihre Gutscheine ein oder aus und sehen Sie den Rabatt vor dem Bezahlen.',
        tutorialTitle: 'Sparen mit Gutscheinen',
        steps: [
          [
            'Code hinzufügen',
            'Gehen Sie zu Profil › Gutscheine, tippen Sie auf „Gutscheincode hinzufügen“ und geben Sie den Code Ihres Gutscheins ein, zum Beispiel WELCOME10.',
          ],
          [
            'Gutschein ein- oder ausschalten',
            'Öffnen Sie einen Gutschein, um seinen Rabatt und seine Gültigkeit zu sehen. Schalten Sie ihn aus, um ihn für einen späteren Besuch aufzuheben.',
          ],
          [
            'Rabatt vor dem Bezahlen sehen',
            'Die Zahlungsübersicht zeigt die Rabatte Ihrer aktiven Gutscheine und den Preis danach.',
          ],
          [
            'Beleg prüfen',
            'Ihr Beleg zeigt denselben Rabatt wie die Übersicht. Ein aufgebrauchter Gutschein wird als „Eingelöst“ markiert.',
          ],
        ],
      },
      nl: {
        title: 'Vouchers en kortingen',
        description: 'Voeg een vouchercode toe, zet uw vouchers aan of uit en zie de korting voordat u betaalt.',
        tutorialTitle: 'Besparen met vouchers',
        steps: [
          [
            'Voeg een code toe',
            'Ga naar Profiel › Vouchers, tik op „Vouchercode toevoegen” en voer de code van uw voucher in, bijvoorbeeld WELCOME10.',
          ],
          [
            'Zet een voucher aan of uit',
            'Open een voucher om de korting en de geldigheid te zien. Zet hem uit om hem voor een later bezoek te bewaren.',
          ],
          [
            'Zie de korting vóór het betalen',
            'Het betaaloverzicht toont de kortingen van uw actieve vouchers en de prijs na korting.',
          ],
          [
            'Controleer uw bon',
            'Uw bon toont dezelfde korting als het overzicht. Een opgebruikte voucher wordt als „Gebruikt” gemarkeerd.',
          ],
        ],
      },
      fr: {
        title: 'Bons de réduction et remises',
        description: 'Ajoutez un code de réduction, activez ou désactivez vos bons et voyez la remise avant de payer.',
        tutorialTitle: 'Économiser avec les bons de réduction',
        steps: [
          [
            'Ajoutez un code',
            'Allez dans Profil › Bons de réduction, touchez « Ajouter un code de réduction » et saisissez le code de votre bon, par exemple WELCOME10.',
          ],
          [
            'Activez ou désactivez un bon',
            'Ouvrez un bon pour voir sa remise et sa durée de validité. Désactivez-le pour le garder pour une prochaine visite.',
          ],
          [
            'Voyez la remise avant de payer',
            'Le récapitulatif du paiement indique les remises de vos bons actifs et le prix après remise.',
          ],
          [
            'Vérifiez votre reçu',
            'Votre reçu indique la même remise que le récapitulatif. Un bon épuisé est marqué « Utilisé ».',
          ],
        ],
      },
      it: {
        title: 'Buoni e sconti',
        description: 'Aggiungi un codice buono, attiva o disattiva i tuoi buoni e vedi lo sconto prima di pagare.',
        tutorialTitle: 'Risparmiare con i buoni',
        steps: [
          [
            'Aggiungi un codice',
            'Vai a Profilo › Buoni, tocca «Aggiungi un codice buono» e inserisci il codice del tuo buono, per esempio WELCOME10.',
          ],
          [
            'Attiva o disattiva un buono',
            'Apri un buono per vedere lo sconto e fino a quando è valido. Disattivalo per tenerlo per una prossima visita.',
          ],
          [
            'Vedi lo sconto prima di pagare',
            'Il riepilogo del pagamento elenca gli sconti dei tuoi buoni attivi e il prezzo scontato.',
          ],
          [
            'Controlla la ricevuta',
            'La ricevuta mostra lo stesso sconto del riepilogo. Un buono esaurito è segnato come «Utilizzato».',
          ],
        ],
      },
      es: {
        title: 'Cupones y descuentos',
        description: 'Añade un código de cupón, activa o desactiva tus cupones y ve el descuento antes de pagar.',
        tutorialTitle: 'Ahorrar con cupones',
        steps: [
          [
            'Añade un código',
            'Ve a Perfil › Cupones, toca «Añadir un código de cupón» e introduce el código de tu cupón, por ejemplo WELCOME10.',
          ],
          [
            'Activa o desactiva un cupón',
            'Abre un cupón para ver su descuento y hasta cuándo es válido. Desactívalo para guardarlo para otra visita.',
          ],
          [
            'Ve el descuento antes de pagar',
            'El resumen del pago muestra los descuentos de tus cupones activos y el precio después de aplicarlos.',
          ],
          [
            'Revisa tu recibo',
            'Tu recibo muestra el mismo descuento que el resumen. Un cupón agotado aparece como «Usado».',
          ],
        ],
      },
      pt: {
        title: 'Vouchers e descontos',
        description:
          'Adicione um código de voucher, ative ou desative os seus vouchers e veja o desconto antes de pagar.',
        tutorialTitle: 'Poupar com vouchers',
        steps: [
          [
            'Adicione um código',
            'Vá a Perfil › Vouchers, toque em «Adicionar um código de voucher» e introduza o código do seu voucher, por exemplo WELCOME10.',
          ],
          [
            'Ative ou desative um voucher',
            'Abra um voucher para ver o desconto e até quando é válido. Desative-o para o guardar para outra visita.',
          ],
          [
            'Veja o desconto antes de pagar',
            'O resumo do pagamento indica os descontos dos seus vouchers ativos e o preço depois deles.',
          ],
          [
            'Confira o recibo',
            'O recibo mostra o mesmo desconto que o resumo. Um voucher esgotado fica marcado como «Utilizado».',
          ],
        ],
      },
      da: {
        title: 'Værdikuponer og rabatter',
        description: 'Tilføj en værdikuponkode, slå dine værdikuponer til eller fra, og se rabatten, før du betaler.',
        tutorialTitle: 'Spar med værdikuponer',
        steps: [
          [
            'Tilføj en kode',
            'Gå til Profil › Værdikuponer, tryk på “Tilføj en værdikuponkode”, og indtast koden fra din værdikupon, for eksempel WELCOME10.',
          ],
          [
            'Slå en værdikupon til eller fra',
            'Åbn en værdikupon for at se rabatten, og hvor længe den gælder. Slå den fra for at gemme den til et senere besøg.',
          ],
          [
            'Se rabatten, før du betaler',
            'Betalingsoversigten viser rabatterne fra dine aktive værdikuponer og prisen efter dem.',
          ],
          [
            'Tjek din kvittering',
            'Kvitteringen viser den samme rabat som oversigten. En opbrugt værdikupon markeres som “Brugt”.',
          ],
        ],
      },
      pl: {
        title: 'Kupony i rabaty',
        description: 'Dodaj kod kuponu, włączaj lub wyłączaj swoje kupony i zobacz rabat przed zapłatą.',
        tutorialTitle: 'Oszczędzanie z kuponami',
        steps: [
          [
            'Dodaj kod',
            'Przejdź do Profil › Kupony, dotknij „Dodaj kod kuponu” i wpisz kod ze swojego kuponu, na przykład WELCOME10.',
          ],
          [
            'Włącz lub wyłącz kupon',
            'Otwórz kupon, aby zobaczyć rabat i termin ważności. Wyłącz go, aby zachować go na kolejną wizytę.',
          ],
          [
            'Zobacz rabat przed zapłatą',
            'Podsumowanie płatności pokazuje rabaty z aktywnych kuponów i cenę po ich uwzględnieniu.',
          ],
          [
            'Sprawdź paragon',
            'Paragon pokazuje ten sam rabat co podsumowanie. Wykorzystany kupon jest oznaczony jako „Wykorzystany”.',
          ],
        ],
      },
    },
  },
];
