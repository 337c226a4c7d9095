import { createRemoteConfig } from "../scripts/build/remote-config";

export default createRemoteConfig({
  packageDir: import.meta.dirname,
  // The trade-in and sell-my-car forms' step indicator (docs/design.md).
  designComponents: ["steps"],
  // One line per exposed fragment: public module name -> component file.
  exposes: {
    "./EnquiryForm": "./src/fragments/enquiry-form/EnquiryForm.tsx",
    "./SignIn": "./src/fragments/sign-in/SignIn.tsx",
    "./Garage": "./src/fragments/garage/Garage.tsx",
    "./Checkout": "./src/fragments/checkout/Checkout.tsx",
    "./Unsubscribe": "./src/fragments/unsubscribe/Unsubscribe.tsx",
    "./OnlinePayment": "./src/fragments/online-payment/OnlinePayment.tsx",
    "./SpinToWin": "./src/fragments/spin-to-win/SpinToWin.tsx",
    // The vehicle page's sidebar chat (ADR 0049): its code loads on the shopper's first touch of the slot.
    "./InstantChat": "./src/fragments/instant-chat/InstantChat.tsx",
    // Client-only: the shell opens it on demand from any page's Email Us buttons (ADR 0021).
    "./EmailUsDialog": "./src/email-us/EmailUsDialog.tsx",
  },
});
