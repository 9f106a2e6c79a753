import { RESET_TOKEN_TTL_MINUTES } from '../../modules/auth/policy.ts'

/**
 * The Help page's questions, grouped by topic. Keep every answer true to what the product does today:
 * when a feature lands or changes, change its answer here.
 */
export interface Faq {
  /** Anchor of the answer: `/help#<id>` opens it. */
  readonly id: string
  readonly question: string
  readonly answer: readonly string[]
  readonly link?: { readonly href: string; readonly label: string }
}

export interface Topic {
  readonly id: string
  readonly title: string
  readonly faqs: readonly Faq[]
}

export const SUPPORT_EMAIL = 'support@roam.local'

export const TOPICS: readonly Topic[] = [
  {
    id: 'planning',
    title: 'Planning a trip',
    faqs: [
      {
        id: 'plan-a-trip',
        question: 'How do I plan a trip?',
        answer: [
          'On the home page, fill in the Plan Your Trip form: the city you start from, one or more destination cities, your dates, the kinds of places you enjoy and your pace. Then generate the itinerary.',
          'Roam builds a day-by-day plan with a start time and visit duration for every place and the travel time from the previous stop.',
        ],
        link: { href: '/', label: 'Plan a trip' },
      },
      {
        id: 'account-needed',
        question: 'Do I need an account to plan a trip?',
        answer: ['No. Anyone can plan and edit an itinerary. You need a free account to save it, share it, keep bucket lists and use Roam Share.'],
      },
      {
        id: 'several-cities',
        question: 'Can one trip cover several cities?',
        answer: [
          'Yes. Add as many destinations as you like. Roam shares the days out evenly between them; any extra day goes to the first destination.',
          'On the Overview tab you can give a city more or fewer days with the up and down arrows, then choose “Confirm & Update Itinerary”. Every city keeps at least one day. You see the new plan beside the current one before anything changes; the places you locked and the ones you deleted stay as you left them, and Undo takes the update back.',
        ],
      },
      {
        id: 'how-places-are-chosen',
        question: 'How does Roam choose places and times?',
        answer: [
          'Roam favours well-known places that match the themes you picked, respects opening hours and typical visit lengths, and orders each day to keep travel short. Travel times are estimates at city speed (about 30 km/h), so allow a margin for traffic and queues.',
        ],
      },
      {
        id: 'pace',
        question: 'What do the paces mean?',
        answer: [
          'Slow-paced days run from 10:00 to 18:00 with longer visits and a pause after each place. Moderate days run from 09:00 to 19:00. Fast-paced days run from 08:00 to 21:00 with shorter visits. With the nightlife theme, days can run until midnight.',
        ],
      },
    ],
  },
  {
    id: 'editing',
    title: 'Editing an itinerary',
    faqs: [
      {
        id: 'edit-itinerary',
        question: 'How do I change my itinerary?',
        answer: [
          'Choose Edit Itinerary. You can then change visit durations (half an hour to six hours), move places to another day or time, swap, reorder and delete them, and add places from the Explore tab or the attraction search. Undo reverses your last change. Choose Exit Edit Mode when you are done.',
          'To keep some places and plan the rest again, lock them with the pin on each place in edit mode (or Lock to this day and time when you open a place). Then choose Re-plan around my locks in the Overview, with another pace or other day counts if you like: Roam shows what would be added, removed and moved, day by day, and changes nothing until you choose Accept. One Undo takes the whole re-plan back. Locked places stay on their day at their time, and places you deleted from the trip never come back.',
        ],
      },
      {
        id: 'move-refused',
        question: 'Why can’t I move or add a place where I want?',
        answer: [
          'A place can only go on a day spent in its own city, must finish by midnight and cannot overlap another visit on that day. Roam tells you which rule stopped the change. If a place only fits with a shorter visit, Roam asks before shortening it.',
        ],
      },
    ],
  },
  {
    id: 'saving-sharing',
    title: 'Saving and sharing',
    faqs: [
      {
        id: 'save-itinerary',
        question: 'How do I save an itinerary?',
        answer: [
          'Exit Edit Mode first, then choose Save to My Itineraries and give your trip a name. If you are not logged in, Roam asks you to log in and saves the itinerary right after.',
          'Every save, rename, re-plan and restore of a saved itinerary is kept as a version. Choose History on the itinerary to see them with what each changed, open one in the calendar, compare two side by side, or restore one: restoring makes a new version, so nothing is lost. The share link always shows the latest version.',
        ],
      },
      {
        id: 'my-itineraries',
        question: 'Where do I find my saved itineraries?',
        answer: ['Under My Itineraries in the header. Click a card to see its calendar; use its icons to edit, share or delete it.'],
        link: { href: '/my-itineraries', label: 'Open My Itineraries' },
      },
      {
        id: 'share-itinerary',
        question: 'How do I share an itinerary?',
        answer: [
          'Use the share icon on a saved itinerary to get a link, then Copy it. Anyone with the link can open a read-only copy without signing in. It shows the title, destinations, dates, places and your name as the planner.',
        ],
      },
      {
        id: 'calendar-export',
        question: 'Can I add my trip to my calendar?',
        answer: [
          'Yes. In My Itineraries, the calendar button on a trip (Add to calendar) downloads it as an .ics file with one event per visit at the local time of its city, which Google Calendar, Apple Calendar and Outlook can import. A saved trip opened from there has an Add to calendar button too.',
          'A shared itinerary has an Add to calendar link on its page, so whoever you share it with can add the trip as well. Days without dates are left out.',
        ],
      },
    ],
  },
  {
    id: 'bucket-lists',
    title: 'Bucket lists',
    faqs: [
      {
        id: 'bucket-lists',
        question: 'How do bucket lists work?',
        answer: [
          'Open Bucket List from your profile and choose New Bucket List. Give it a title and add rows of an activity, a location and a target date (today or later), then save it.',
          'A saved list reads as sentences such as “Hike the Inca Trail in Cusco by 12 August 2026”. Tick an item when you have done it; you can delete a whole list at any time.',
        ],
        link: { href: '/bucket-list', label: 'Open My Bucket Lists' },
      },
    ],
  },
  {
    id: 'roam-share',
    title: 'Roam Share',
    faqs: [
      {
        id: 'roam-share',
        question: 'What is Roam Share?',
        answer: [
          'Roam Share is the travellers’ feed. Post up to 10 photos or one video of up to 3 minutes (not both) with a caption, a location and at least one tag. You can like posts, follow travellers, search places and people, and filter by tag.',
        ],
      },
      {
        id: 'username',
        question: 'Why do I need a username, and can I change it?',
        answer: [
          'Roam Share shows you by your username, so you set one on your profile before you use it. A username is unique and can be set only once, so choose it with care.',
        ],
      },
      {
        id: 'follow-and-notifications',
        question: 'How do I follow travellers and know who liked my posts?',
        answer: [
          'Search for a traveller by username (switch the search bar to Users), open their profile and choose Follow; the Followed chip of the feed then shows only the posts of the people you follow. When someone likes one of your posts or starts following you, you see it under the bell in the header.',
        ],
      },
      {
        id: 'report-post',
        question: 'How do I report a post?',
        answer: [
          'Open the post and choose Report Post. Pick one or more reasons (Spam, Inappropriate Content, Misinformation, Harassment or Other, which asks you to say more) and submit. Our administrators review every report.',
        ],
      },
      {
        id: 'moderation',
        question: 'What happens when someone breaks the rules?',
        answer: [
          'Administrators can clear a report, remove a post, send the author a warning, or block an account. A blocked account is signed out at once and cannot log in. Serious or repeated breaches can lead to the account being deleted.',
        ],
        link: { href: '/terms', label: 'Read the Terms & Conditions' },
      },
    ],
  },
  {
    id: 'account-privacy',
    title: 'Account and privacy',
    faqs: [
      {
        id: 'forgot-password',
        question: 'I forgot my password. What do I do?',
        answer: [
          `On the login page choose Forgot Password and enter your e-mail address. If it belongs to an account, we send a reset link that works once and for ${RESET_TOKEN_TTL_MINUTES} minutes.`,
        ],
        link: { href: '/forgot-password', label: 'Reset your password' },
      },
      {
        id: 'change-password',
        question: 'How do I change my password?',
        answer: [
          'Go to Account Info from your profile and use the Change Password form. For your safety, this signs you out everywhere else; this browser stays signed in.',
        ],
        link: { href: '/account-info', label: 'Open Account Info' },
      },
      {
        id: 'who-sees-what',
        question: 'Who can see my information?',
        answer: [
          'Other members see your username, profile picture, bio, follower counts and posts. People you send a share link to see that itinerary and your name. Your e-mail address, phone number, date of birth and gender are never shown to other members.',
        ],
        link: { href: '/privacy-policy', label: 'Read the Privacy Policy' },
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account?',
        answer: [
          `Write to us from the e-mail address of your account (see Contact Us above) and ask us to delete it. We delete your personal details, itineraries, bucket lists and posts and end every session. We keep only records of moderation decisions, which no longer name you.`,
        ],
      },
      {
        id: 'mobile-app',
        question: 'Is there a mobile app?',
        answer: [
          'The Roam mobile app is coming soon. Until then, the website works on phones and tablets, and you can install it like an app: in Chrome or Edge, choose “Install Roam” on this page or in your profile menu (or “Install app” / “Add to Home screen” in the browser menu); on an iPhone or iPad, tap Share in Safari, then “Add to Home Screen”.',
          'Once installed, Roam opens from your home screen, and the trips you have saved open even without a connection.',
        ],
      },
    ],
  },
]
