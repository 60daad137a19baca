import { fetchesUrl, linkCases } from '../url-cases';

const PIN_ID = '123456789012345678';
const PIN = `https://www.pinterest.com/pin/${PIN_ID}/`;

linkCases('pinboard', {
  // A pin's public address is /pin/<number>/, slash and all, as the site links it.
  slashEnded: /^https:\/\/www\.pinterest\.com\/pin\/\d+\/$/,
  fetched: [
    // pinboard: pins on any country host, with slugs and share suffixes, and short links
    [`https://www.pinterest.com/pin/${PIN_ID}/`, fetchesUrl('pinboard/pin', PIN, 'pin', PIN_ID)],
    [`https://pinterest.com/pin/${PIN_ID}/sent/?invite_code=abc&sender=1`, fetchesUrl('pinboard/pin', PIN, 'pin', PIN_ID)],
    [`https://uk.pinterest.com/pin/${PIN_ID}/`, fetchesUrl('pinboard/pin', PIN, 'pin', PIN_ID)],
    [`https://www.pinterest.co.uk/pin/${PIN_ID}/`, fetchesUrl('pinboard/pin', PIN, 'pin', PIN_ID)],
    [`pinterest.de/pin/${PIN_ID}`, fetchesUrl('pinboard/pin', PIN, 'pin', PIN_ID)],
    [`https://www.pinterest.com/pin/diy-garden-ideas--${PIN_ID}/`, fetchesUrl('pinboard/pin', PIN, 'pin', PIN_ID)],
    ['https://pin.it/4AbCdEfGh', fetchesUrl('pinboard/pin', 'https://pin.it/4AbCdEfGh', 'pin')],
  ],
  refused: [
    // pinboard
    ['https://www.pinterest.com/natgeo/', /Only single pins/],
    ['https://www.pinterest.com/natgeo/travel-ideas/', /Only single pins/],
    ['https://www.pinterest.com/search/pins/?q=garden', /search page/],
    ['https://www.pinterest.com/', /home page/],
  ],
});
