import type { Guide } from './guide';
import { pages } from '../site';

/** `/sicurezza-online`: threats, passwords, PIN, 2FA, phones, public Wi-Fi and a weekly checklist. */
export const guide: Guide = {
  title: pages['/sicurezza-online'].heading,
  description: pages['/sicurezza-online'].intro,
  blocks: [
    {
      type: 'p',
      text: 'La maggior parte degli attacchi che colpiscono le persone comuni non sfrutta falle sofisticate, ma abitudini: una password riutilizzata, un link cliccato di fretta, un aggiornamento rimandato. È una buona notizia, perché significa che poche regole, applicate con costanza, bastano a tenerti al riparo dalla gran parte dei rischi.',
    },
    { type: 'h2', text: 'Le minacce più comuni', id: 'minacce' },
    {
      type: 'table',
      caption: 'Le minacce più diffuse e come riconoscerle',
      head: ['Minaccia', 'Come funziona', 'Il segnale da notare'],
      rows: [
        [
          'Phishing',
          'Email che imitano banche, corrieri o servizi noti per rubare credenziali',
          'Urgenza, mittente con dominio strano, link a siti quasi identici',
        ],
        [
          'Smishing e vishing',
          'La stessa truffa via SMS, app di messaggistica o telefonata',
          'Richieste di codici, di installare app o di spostare denaro «per sicurezza»',
        ],
        [
          'Malware',
          'Programmi nascosti in allegati, app non ufficiali o software pirata',
          'Allegati inattesi, richieste di abilitare macro o di disattivare l’antivirus',
        ],
        [
          'Ransomware',
          'Un malware che cifra i file e chiede un riscatto per restituirli',
          'File che non si aprono più e una richiesta di pagamento',
        ],
        [
          'Furto di credenziali',
          'Password rubate in una violazione e provate su altri siti',
          'Avvisi di accesso sconosciuti, email di reimpostazione non richieste',
        ],
        [
          'Negozi falsi',
          'Siti di e-commerce creati solo per incassare pagamenti',
          'Prezzi irrealistici, nessuna ragione sociale, solo pagamenti con bonifico',
        ],
      ],
    },
    {
      type: 'p',
      text: 'Per approfondire la più diffusa di queste minacce leggi l’articolo sull’[email temporanea contro il phishing](/blog/email-temporanea-contro-phishing).',
    },
    { type: 'h2', text: 'Password che reggono', id: 'password' },
    {
      type: 'p',
      text: 'La lunghezza conta più della complessità. Ogni carattere in più moltiplica il numero di combinazioni che un programma deve provare, e una password lunga ma fatta di parole comuni resiste meglio di una breve piena di simboli.',
    },
    {
      type: 'ul',
      items: [
        'Sotto i 12 caratteri una password è da considerare debole, qualunque simbolo contenga.',
        'Il minimo accettabile è 12 caratteri; la lunghezza consigliata è 16 o più.',
        'Una frase di quattro o cinque parole scelte a caso, unite da trattini, è lunga, robusta e facile da ricordare.',
        'Mai usare nomi, date di nascita, squadre del cuore o parole legate a te: sono i primi tentativi di chi ti conosce o ha letto i tuoi profili.',
        'Una password diversa per ogni account: è la regola che limita i danni quando un sito viene violato.',
        'Usa un gestore di password per crearle e ricordarle: dovrai memorizzarne una sola, quella principale, lunga e unica.',
      ],
    },
    {
      type: 'callout',
      tone: 'warning',
      title: 'Attenzione alle varianti',
      text: 'Aggiungere un numero o un punto esclamativo a una vecchia password non la rende nuova. I programmi che provano le password rubate conoscono bene queste variazioni e le tentano per prime.',
    },
    { type: 'h2', text: 'PIN', id: 'pin' },
    {
      type: 'p',
      text: 'Il PIN protegge il telefono, la SIM e spesso le app bancarie: chi lo scopre ha in mano dispositivi e codici di conferma. Usa almeno 6 cifre, non 4, ed evita sequenze come 123456, cifre ripetute, anni di nascita e date importanti. Se il telefono lo consente, affianca al PIN lo sblocco biometrico, e non usare lo stesso PIN per telefono, carta e SIM.',
    },
    { type: 'h2', text: 'Autenticazione a due fattori', id: '2fa' },
    {
      type: 'p',
      text: 'Con l’autenticazione a due fattori, per entrare in un account non basta conoscere la password: serve anche qualcosa che possiedi, di solito il telefono. Anche se la tua password finisse in mani sbagliate, chi la trova resterebbe fuori.',
    },
    {
      type: 'ol',
      items: [
        'Installa un’app di autenticazione sul telefono.',
        'Nelle impostazioni di sicurezza dell’account, scegli di attivare la verifica in due passaggi con un’app e inquadra il codice QR che compare.',
        'L’app genera un codice di sei cifre che cambia ogni 30 secondi: inserisci quello visualizzato per confermare.',
        'Salva i codici di recupero che il servizio ti propone in un luogo sicuro, lontano dal telefono: ti serviranno se lo perdi.',
        'Ripeti l’operazione partendo dagli account più importanti: posta elettronica, banca, gestore di password, social.',
      ],
    },
    {
      type: 'p',
      text: 'I codici via SMS sono meglio di niente, ma un’app di autenticazione è più sicura, e le chiavi di sicurezza fisiche o le passkey lo sono ancora di più, perché funzionano solo sul sito autentico. Ricorda infine la regola d’oro: nessun operatore serio ti chiederà mai di comunicargli un codice di verifica, né al telefono né via messaggio.',
    },
    { type: 'h2', text: 'Smartphone e tablet', id: 'mobile' },
    {
      type: 'ul',
      items: [
        'Installa gli aggiornamenti del sistema e delle app appena sono disponibili.',
        'Scarica le app solo dagli store ufficiali e controlla i permessi che chiedono: una torcia non ha bisogno dei tuoi contatti.',
        'Attiva il blocco automatico dello schermo dopo pochi secondi e la cifratura del dispositivo, se non è già attiva.',
        'Attiva la funzione per localizzare e cancellare il telefono da remoto in caso di furto o smarrimento.',
        'Fai regolarmente un backup di foto e documenti, così un furto o un ransomware non ti portano via i ricordi.',
        'Diffida dei link ricevuti via SMS o chat, anche quando sembrano arrivare dal corriere o dalla banca.',
      ],
    },
    { type: 'h2', text: 'Wi-Fi pubblico', id: 'wifi' },
    {
      type: 'p',
      text: 'Le reti aperte di bar, stazioni e hotel sono comode ma condivise con sconosciuti, e chiunque può creare una rete con un nome credibile per intercettare chi si collega.',
    },
    {
      type: 'ul',
      items: [
        'Chiedi al personale il nome esatto della rete, invece di collegarti alla prima che sembra giusta.',
        'Controlla che i siti che usi mostrino il lucchetto della connessione cifrata, e non ignorare mai gli avvisi sui certificati.',
        'Rimanda le operazioni bancarie, o usa la rete dati del telefono: è più sicura di qualunque Wi-Fi pubblico.',
        'Disattiva la connessione automatica alle reti aperte e la condivisione di file.',
        'Su reti che usi spesso fuori casa, valuta una VPN affidabile.',
        'Se una rete chiede la tua email per darti accesso, puoi usare un [indirizzo temporaneo](/).',
      ],
    },
    { type: 'h2', text: 'La checklist settimanale', id: 'checklist' },
    {
      type: 'p',
      text: '10 minuti alla settimana, sempre lo stesso giorno, bastano a tenere sotto controllo la situazione:',
    },
    {
      type: 'checklist',
      items: [
        'Ho installato gli aggiornamenti in sospeso su computer, telefono e browser.',
        'Ho controllato gli avvisi di accesso e le sessioni attive degli account principali.',
        'Ho guardato i movimenti recenti di conto e carte.',
        'Ho cambiato le password segnalate come deboli, riutilizzate o coinvolte in violazioni dal gestore di password.',
        'Ho verificato che il backup automatico abbia funzionato.',
        'Ho rimosso le app e le estensioni che non uso più.',
        'Ho cancellato senza aprirli i messaggi sospetti e li ho segnalati come phishing.',
        'Ho ricordato a familiari e colleghi di non comunicare mai codici di verifica a nessuno.',
      ],
    },
    {
      type: 'p',
      text: 'Se temi che un tuo account sia già stato violato, segui i passi indicati nell’articolo su come [proteggere la tua email dalle violazioni](/blog/proteggere-email-violazioni).',
    },
  ],
};
